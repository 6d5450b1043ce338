/**
 * Builds the nested snapshot tree from the registry's flat map, at read time.
 *
 * Roots are nodes without a parent, then nodes whose parent is not registered (kept at the root
 * with `missingParentId`, so a component whose enclosing node never opted in is still seen), then
 * nodes caught in a parent cycle (same flag). Children keep registration order.
 * `run`, `details` and the snapshot's `isLive` look the node up again when called, so they use the
 * current handler and fail as values (or report `false`) once the node is gone.
 */
import { SightlineError } from '@sightline/core';
import { actionInputSchema, runPageAction } from '../actions/page-action.js';
import { baseToolName, uniqueToolName } from '../actions/tool-name.js';
import type {
  PageAction,
  PageLocation,
  PageSnapshot,
  PageSnapshotAction,
  PageSnapshotNode,
} from '../types.js';
import type { StoredNode } from './stored-node.js';

/** Input of {@link assembleSnapshot}: the registry's live state. */
export interface AssembleSnapshotInput {
  nodes: ReadonlyMap<string, StoredNode>;
  childrenByParent: ReadonlyMap<string, ReadonlySet<string>>;
  location: PageLocation | undefined;
  version: number;
  takenAt: number;
}

/**
 * Assembles the tree.
 * @param input - the registry's maps, location, version and the time.
 * @returns a {@link PageSnapshot}; O(nodes + actions).
 */
export function assembleSnapshot(input: AssembleSnapshotInput): PageSnapshot {
  const { nodes, childrenByParent } = input;
  const visited = new Set<string>();
  const toolNames = assignToolNames(nodes);

  function actionsOf(stored: StoredNode): PageSnapshotAction[] {
    const result: PageSnapshotAction[] = [];
    for (const name in stored.actions) {
      const action = stored.actions[name] as PageAction;
      if (action.enabled === false) continue;
      const { id } = stored;
      result.push({
        name,
        description: action.description,
        inputSchema: actionInputSchema(action.input),
        toolName: toolNames.get(toolKey(id, name)) as string,
        ...(action.confirm ? { confirm: action.confirm } : {}),
        run: (value, context) =>
          runPageAction(currentAction(nodes, id, name), value, { nodeId: id, name, context }),
      });
    }
    return result;
  }

  function build(stored: StoredNode, missingParentId?: string): PageSnapshotNode {
    visited.add(stored.id);
    const { id } = stored;
    const node: PageSnapshotNode = {
      id,
      type: stored.type,
      priority: stored.priority,
      data: stored.data,
      actions: actionsOf(stored),
      hasDetails: stored.details !== undefined,
      children: [],
    };
    if (stored.details) node.details = () => fetchDetails(nodes, id);
    if (missingParentId !== undefined) node.missingParentId = missingParentId;
    const childIds = childrenByParent.get(id);
    if (childIds) {
      for (const childId of childIds) {
        const child = nodes.get(childId);
        if (child && !visited.has(childId)) node.children.push(build(child));
      }
    }
    return node;
  }

  const roots: PageSnapshotNode[] = [];
  for (const stored of nodes.values()) {
    if (stored.parentId === undefined) roots.push(build(stored));
  }
  for (const stored of nodes.values()) {
    if (stored.parentId !== undefined && !nodes.has(stored.parentId)) {
      roots.push(build(stored, stored.parentId));
    }
  }
  if (visited.size < nodes.size) {
    for (const stored of nodes.values()) {
      if (!visited.has(stored.id)) roots.push(build(stored, stored.parentId));
    }
  }
  const snapshot: PageSnapshot = {
    version: input.version,
    takenAt: input.takenAt,
    roots,
    nodeCount: visited.size,
    isLive: (id) => nodes.has(id),
  };
  if (input.location) snapshot.location = input.location;
  return snapshot;
}

function toolKey(id: string, action: string): string {
  return `${id}\u0000${action}`;
}

/**
 * Tool names of every action, in registration order: the first node to declare an action name
 * keeps the declared name (`set_filter`) for as long as it is registered; a later node declaring
 * the same name gets `<id>__<action>` (see `tool-name.ts`), so mounting a dialog never renames the
 * page's own tool. A node registered again under its id keeps its place in the order.
 */
function assignToolNames(nodes: ReadonlyMap<string, StoredNode>): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  const owners = new Set<string>();
  for (const stored of nodes.values()) {
    for (const name in stored.actions) {
      if (stored.actions[name]?.enabled === false) continue;
      const key = toolKey(stored.id, name);
      const qualified = owners.has(name);
      owners.add(name);
      names.set(key, uniqueToolName(baseToolName(stored.id, name, qualified), key, used));
    }
  }
  return names;
}

/** The node's action as registered and enabled now; own properties only (`toString` is no action). */
function currentAction(
  nodes: ReadonlyMap<string, StoredNode>,
  id: string,
  name: string,
): PageAction | undefined {
  const actions = nodes.get(id)?.actions;
  const action = actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
  return action?.enabled === false ? undefined : action;
}

async function fetchDetails(nodes: ReadonlyMap<string, StoredNode>, id: string): Promise<unknown> {
  const details = nodes.get(id)?.details;
  if (!details) {
    throw new SightlineError({
      code: 'NODE_NOT_FOUND',
      message: `Page node "${id}" is gone or has no details (the page changed). Read the current page context and expand a node it lists.`,
      details: { nodeId: id },
    });
  }
  return details();
}
