/**
 * The registry's flat store: nodes by id plus an index of children by parent id. Adding is O(1),
 * removing a node is O(size of its subtree); the tree itself is only built by `assembleSnapshot`.
 */
import type { StoredNode } from './stored-node.js';

/** Nodes by id and child ids by parent id (children may be indexed before their parent exists). */
export interface NodeIndex {
  readonly nodes: ReadonlyMap<string, StoredNode>;
  readonly childrenByParent: ReadonlyMap<string, ReadonlySet<string>>;
  /** Stores a node, replacing one with the same id (its children stay indexed under it). */
  put(node: StoredNode): void;
  /** Removes a node and its whole subtree; `false` when the id is unknown. */
  removeSubtree(id: string): boolean;
  /** Removes a node alone (its children stay indexed under its id); `false` when unknown. */
  removeNode(id: string): boolean;
}

/** Creates an empty {@link NodeIndex}. */
export function createNodeIndex(): NodeIndex {
  const nodes = new Map<string, StoredNode>();
  const childrenByParent = new Map<string, Set<string>>();

  function detach(node: StoredNode): void {
    if (node.parentId === undefined) return;
    const siblings = childrenByParent.get(node.parentId);
    siblings?.delete(node.id);
    if (siblings?.size === 0) childrenByParent.delete(node.parentId);
  }

  return {
    nodes,
    childrenByParent,
    put(node) {
      const previous = nodes.get(node.id);
      if (previous) detach(previous);
      nodes.set(node.id, node);
      if (node.parentId === undefined) return;
      let siblings = childrenByParent.get(node.parentId);
      if (!siblings) {
        siblings = new Set();
        childrenByParent.set(node.parentId, siblings);
      }
      siblings.add(node.id);
    },
    removeNode(id) {
      const node = nodes.get(id);
      if (!node) return false;
      detach(node);
      nodes.delete(id);
      return true;
    },
    removeSubtree(id) {
      const node = nodes.get(id);
      if (!node) return false;
      detach(node);
      const pending = [id];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        nodes.delete(next);
        const children = childrenByParent.get(next);
        if (!children) continue;
        childrenByParent.delete(next);
        for (const child of children) if (nodes.has(child)) pending.push(child);
      }
      return true;
    },
  };
}
