/** The JSON form of a snapshot: the same tree without functions, ready for `JSON.stringify`. */
import type {
  PageSnapshot,
  PageSnapshotJson,
  PageSnapshotNode,
  PageSnapshotNodeJson,
} from '../types.js';

/**
 * Drops `run` and `details` from a snapshot (a snapshot already in JSON form is copied as is).
 * @param snapshot - from `registry.snapshot()`, or its JSON form.
 * @returns a plain-data copy of the tree (data values are shared, not cloned).
 */
export function toJSON(snapshot: PageSnapshot | PageSnapshotJson): PageSnapshotJson {
  const json: PageSnapshotJson = {
    version: snapshot.version,
    takenAt: snapshot.takenAt,
    roots: snapshot.roots.map(nodeToJson),
    nodeCount: snapshot.nodeCount,
  };
  if (snapshot.location) json.location = snapshot.location;
  return json;
}

function nodeToJson(node: PageSnapshotNode | PageSnapshotNodeJson): PageSnapshotNodeJson {
  const json: PageSnapshotNodeJson = {
    id: node.id,
    type: node.type,
    priority: node.priority,
    data: node.data,
    actions: node.actions.map(({ name, description, inputSchema, toolName }) => ({
      name,
      description,
      inputSchema,
      toolName,
    })),
    hasDetails: node.hasDetails,
    children: node.children.map(nodeToJson),
  };
  if (node.missingParentId !== undefined) json.missingParentId = node.missingParentId;
  return json;
}
