/**
 * A registry node as stored: checked and serialized once, when written, so that an unchanged write
 * is found by comparing keys and nothing is serialized again at read time.
 */
import { SightlineError } from '@sightline/core';
import { actionInputSchema, assertPageAction } from '../actions/page-action.js';
import { type SerializeOptions, serializeValue } from '../render/serialize-value.js';
import type {
  JsonValue,
  PageAction,
  PageNodeDetails,
  PageNodeInput,
  PageNodePatch,
} from '../types.js';

/** A node as the registry stores it (data already serialized). */
export interface StoredNode {
  id: string;
  type: string;
  parentId: string | undefined;
  priority: number;
  data: JsonValue;
  /** `JSON.stringify(data)`: the structural-equality key. */
  dataKey: string;
  actions: Readonly<Record<string, PageAction>>;
  /** Names, descriptions, input schemas, enabled and confirm of the actions, as JSON. */
  actionsKey: string;
  details: PageNodeDetails | undefined;
}

function serializeData(
  data: unknown,
  serialize: SerializeOptions | undefined,
): { data: JsonValue; dataKey: string } {
  const value = data === undefined ? null : serializeValue(data, serialize);
  return { data: value, dataKey: JSON.stringify(value) };
}

function actionsKey(id: string, actions: Readonly<Record<string, PageAction>>): string {
  const shape: unknown[] = [];
  for (const [name, action] of Object.entries(actions)) {
    assertPageAction(id, name, action);
    shape.push(
      name,
      action.description,
      actionInputSchema(action.input),
      action.enabled ?? true,
      action.confirm ?? false,
    );
  }
  return JSON.stringify(shape);
}

function checkedPriority(id: string, priority: number | undefined): number {
  if (priority === undefined) return 0;
  if (!Number.isFinite(priority)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Priority of page node "${id}" must be a finite number (higher = more important), got ${priority}.`,
      details: { nodeId: id },
    });
  }
  return priority;
}

function assertNodeIdentity(id: string, input: PageNodeInput): void {
  if (typeof id !== 'string' || id.length === 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Page node id must be a non-empty string (or left out to generate one), got ${String(id)}; convert numeric ids with String(...).`,
    });
  }
  if (typeof input.type !== 'string' || input.type.length === 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Page node "${id}" needs a non-empty type (e.g. 'widget'), got ${String(input.type)}.`,
      details: { nodeId: id },
    });
  }
  if (input.parentId === id) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Page node "${id}" names itself as its parent; give the id of the enclosing node.`,
      details: { nodeId: id },
    });
  }
}

/**
 * Checks a node written with `register` and serializes its data.
 * @param id - the node's id (given or generated).
 * @param input - what `register` received.
 * @param serialize - per-node data caps.
 * @throws SightlineError `INVALID_ARGUMENT` for an empty id or type, a node that is its own parent,
 * a non-finite priority or an action that is not a valid page action.
 */
export function createStoredNode(
  id: string,
  input: PageNodeInput,
  serialize: SerializeOptions | undefined,
): StoredNode {
  assertNodeIdentity(id, input);
  const actions = input.actions ?? {};
  return {
    id,
    type: input.type,
    parentId: input.parentId,
    priority: checkedPriority(id, input.priority),
    ...serializeData(input.data, serialize),
    actions,
    actionsKey: actionsKey(id, actions),
    details: input.details,
  };
}

/**
 * Applies an `update` patch in place, after checking all of it (a rejected patch leaves the node as
 * it was).
 * @returns whether anything the agent sees changed (data once serialized, priority, action
 * shapes, having details); a new handler or details closure alone is stored but is no change.
 * @throws SightlineError `INVALID_ARGUMENT` for a non-finite priority or an invalid action.
 */
export function applyNodePatch(
  node: StoredNode,
  patch: PageNodePatch,
  serialize: SerializeOptions | undefined,
): boolean {
  const priority =
    patch.priority === undefined ? undefined : checkedPriority(node.id, patch.priority);
  const key = patch.actions === undefined ? undefined : actionsKey(node.id, patch.actions);
  let visible = false;
  if ('data' in patch) {
    const next = serializeData(patch.data, serialize);
    if (next.dataKey !== node.dataKey) {
      node.data = next.data;
      node.dataKey = next.dataKey;
      visible = true;
    }
  }
  if (priority !== undefined && priority !== node.priority) {
    node.priority = priority;
    visible = true;
  }
  if (patch.actions !== undefined && key !== undefined) {
    node.actions = patch.actions;
    if (key !== node.actionsKey) {
      node.actionsKey = key;
      visible = true;
    }
  }
  if ('details' in patch) {
    if ((patch.details === undefined) !== (node.details === undefined)) visible = true;
    node.details = patch.details;
  }
  return visible;
}
