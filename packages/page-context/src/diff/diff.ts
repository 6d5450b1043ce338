/**
 * What changed between two snapshots, so a conversation sends the full page once and only deltas
 * afterwards. Nodes are matched by id; a node whose type changed counts as removed and added.
 * Data is compared leaf by leaf on dotted paths (`filters.environment`); lists are compared whole
 * (a table that gained a row is one change, not one per shifted row).
 */

import { toJSON } from '../registry/to-json.js';
import { findTitle } from '../render/format-data.js';
import { userContentText } from '../render/user-content.js';
import type {
  JsonValue,
  PageLocation,
  PageSnapshot,
  PageSnapshotJson,
  PageSnapshotNodeJson,
} from '../types.js';

/** One changed fact of a node. */
export interface PageDiffChange {
  /** Dotted path in the node's data (`filters.environment`), or `priority`, `parent`, `tools`. */
  path: string;
  /** Value before; `undefined` when the path is new. */
  from: JsonValue | undefined;
  /** Value after; `undefined` when the path is gone. */
  to: JsonValue | undefined;
}

/** A node in a diff, without its children. */
export interface PageDiffNode extends Omit<PageSnapshotNodeJson, 'children'> {
  /** Id of its parent in the snapshot tree, if any. */
  parentId?: string;
}

/** A node whose facts changed. */
export interface PageDiffChangedNode {
  /** Node id. */
  id: string;
  /** Node type. */
  type: string;
  /** Title after the change, if the node has one. */
  title?: string;
  /** What changed, in path order of the new data. */
  changes: PageDiffChange[];
}

/** The result of {@link diff}. */
export interface PageDiff {
  /** Version of the earlier snapshot. */
  fromVersion: number;
  /** Version of the later snapshot. */
  toVersion: number;
  /** Present when the location changed. */
  location?: { from?: PageLocation; to?: PageLocation };
  /** Nodes only in the later snapshot, parents before children. */
  added: PageDiffNode[];
  /** Nodes only in the earlier snapshot. */
  removed: PageDiffNode[];
  /** Nodes in both whose data, priority, parent or tools changed. */
  changed: PageDiffChangedNode[];
}

/**
 * Compares two snapshots.
 * @param previous - the snapshot the agent saw last (or its JSON form).
 * @param next - the current snapshot (or its JSON form); the diff holds plain data either way.
 * @returns added, removed and changed nodes and a location change; all empty when nothing changed.
 */
export function diff(
  previous: PageSnapshot | PageSnapshotJson,
  next: PageSnapshot | PageSnapshotJson,
): PageDiff {
  const before = index(toJSON(previous));
  const after = index(toJSON(next));
  const result: PageDiff = {
    fromVersion: previous.version,
    toVersion: next.version,
    added: [],
    removed: [],
    changed: [],
  };
  if (JSON.stringify(previous.location) !== JSON.stringify(next.location)) {
    result.location = {};
    if (previous.location) result.location.from = previous.location;
    if (next.location) result.location.to = next.location;
  }
  for (const [id, node] of before) {
    const other = after.get(id);
    if (!other || other.type !== node.type) result.removed.push(node);
  }
  for (const [id, node] of after) {
    const old = before.get(id);
    if (!old || old.type !== node.type) {
      result.added.push(node);
      continue;
    }
    const changes = compareNodes(old, node);
    if (changes.length > 0) {
      const { title } = findTitle(node.data);
      result.changed.push({ id, type: node.type, ...(title ? { title } : {}), changes });
    }
  }
  return result;
}

/**
 * True when a diff holds no change at all.
 * @param pageDiff - from {@link diff}.
 * @returns whether nothing was added, removed or changed and the location is the same.
 */
export function isEmptyDiff(pageDiff: PageDiff): boolean {
  return (
    !pageDiff.location &&
    pageDiff.added.length === 0 &&
    pageDiff.removed.length === 0 &&
    pageDiff.changed.length === 0
  );
}

function index(snapshot: PageSnapshotJson): Map<string, PageDiffNode> {
  const nodes = new Map<string, PageDiffNode>();
  const visit = (node: PageSnapshotNodeJson, parentId: string | undefined): void => {
    const { children, ...rest } = node;
    nodes.set(node.id, parentId === undefined ? rest : { ...rest, parentId });
    for (const child of children) visit(child, node.id);
  };
  for (const root of snapshot.roots) visit(root, undefined);
  return nodes;
}

function compareNodes(old: PageDiffNode, node: PageDiffNode): PageDiffChange[] {
  const changes: PageDiffChange[] = [];
  const oldLeaves = leaves(old.data);
  const newLeaves = leaves(node.data);
  for (const [path, value] of newLeaves) {
    const previous = oldLeaves.get(path);
    if (previous === undefined || JSON.stringify(previous) !== JSON.stringify(value)) {
      changes.push({ path, from: previous, to: value });
    }
  }
  for (const [path, value] of oldLeaves) {
    if (!newLeaves.has(path)) changes.push({ path, from: value, to: undefined });
  }
  if (old.priority !== node.priority) {
    changes.push({ path: 'priority', from: old.priority, to: node.priority });
  }
  if (old.parentId !== node.parentId) {
    changes.push({ path: 'parent', from: old.parentId ?? null, to: node.parentId ?? null });
  }
  const oldTools = old.actions.map((action) => action.toolName);
  const newTools = node.actions.map((action) => action.toolName);
  if (JSON.stringify(oldTools) !== JSON.stringify(newTools)) {
    changes.push({ path: 'tools', from: oldTools, to: newTools });
  }
  return changes;
}

/** Leaves of a value by dotted path; lists, scalars and user-written text are leaves, objects are walked. */
function leaves(value: JsonValue): Map<string, JsonValue> {
  const result = new Map<string, JsonValue>();
  const walk = (current: JsonValue, path: string): void => {
    if (
      typeof current === 'object' &&
      current !== null &&
      !Array.isArray(current) &&
      userContentText(current) === undefined
    ) {
      const keys = Object.keys(current);
      if (keys.length === 0 && path) result.set(path, current);
      for (const key of keys) walk(current[key] as JsonValue, path ? `${path}.${key}` : key);
    } else {
      result.set(path || 'value', current);
    }
  };
  walk(value, '');
  return result;
}
