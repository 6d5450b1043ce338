/**
 * Test double for render tests: builds a snapshot's JSON form the way the registry would (data
 * serialized when written, tree by `parentId` in registration order, generated ids `n1`, `n2`…)
 * without the registry, so render/ tests depend on nothing above render/.
 */
import type { JsonValue, PageLocation, PageSnapshotActionJson, PageSnapshotJson, PageSnapshotNodeJson } from '../../types.js';
import { serializeValue } from '../serialize-value.js';

/** A node as a test writes it. */
export interface FixtureNode {
  id?: string;
  type: string;
  parentId?: string;
  priority?: number;
  data?: unknown;
  /** Any value: the node has details. */
  details?: unknown;
  actions?: PageSnapshotActionJson[];
}

/** @returns a builder with the registry's `register`, `setLocation` and `snapshot`. */
export function createSnapshotBuilder() {
  const nodes: (PageSnapshotNodeJson & { parentId?: string })[] = [];
  let location: PageLocation | undefined;
  let generated = 0;
  return {
    setLocation(next: PageLocation) {
      location = next;
    },
    register(input: FixtureNode): string {
      const id = input.id ?? `n${++generated}`;
      nodes.push({
        id,
        type: input.type,
        priority: input.priority ?? 0,
        data: input.data === undefined ? null : (serializeValue(input.data) as JsonValue),
        actions: input.actions ?? [],
        hasDetails: input.details !== undefined,
        children: [],
        ...(input.parentId ? { parentId: input.parentId } : {}),
      });
      return id;
    },
    snapshot(): PageSnapshotJson {
      const byId = new Map(nodes.map(({ parentId, ...node }) => [node.id, { ...node, children: [] as PageSnapshotNodeJson[] }]));
      const roots: PageSnapshotNodeJson[] = [];
      for (const { id, parentId } of nodes) {
        const node = byId.get(id) as PageSnapshotNodeJson;
        const parent = parentId === undefined ? undefined : byId.get(parentId);
        (parent ? parent.children : roots).push(node);
      }
      return { version: nodes.length, takenAt: 0, roots, nodeCount: nodes.length, ...(location ? { location } : {}) };
    },
  };
}

/**
 * @param name - action name (also its tool name).
 * @param properties - input properties' JSON Schemas.
 * @returns an action as a snapshot's JSON form holds it.
 */
export function fixtureAction(name: string, properties: Record<string, JsonValue>): PageSnapshotActionJson {
  return { name, description: name, toolName: name, inputSchema: { type: 'object', properties } };
}
