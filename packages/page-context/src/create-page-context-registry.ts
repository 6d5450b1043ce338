/**
 * The page-context registry: a flat map of nodes keyed by id, plus an index of children by parent
 * id. Writes are O(1) apart from serializing the written data (O(size of data), which is also how
 * an unchanged write is detected); unregister is O(size of the subtree). The tree is assembled only
 * by `snapshot()` (see `assemble-snapshot.ts`), so the order of mounting never loses a child.
 *
 * Pattern: getsentry/sentry `static/app/views/seerExplorer/contexts/registerLLMContext.tsx` (flat
 * registry, tree at read time, version counter as the change signal).
 */
import { SightlineError } from '@sightline/core';
import { assembleSnapshot, type StoredNode } from './assemble-snapshot.js';
import { actionInputSchema, assertPageAction } from './page-action.js';
import { type SerializeOptions, serializeValue } from './serialize-value.js';
import type {
  JsonValue,
  PageAction,
  PageContextListener,
  PageContextRegistry,
  PageLocation,
  PageNodeInput,
  PageNodePatch,
  PageSnapshot,
} from './types.js';

/** Options of {@link createPageContextRegistry}. */
export interface PageContextRegistryOptions {
  /** Caps applied to each node's data; defaults of `serializeValue` (4 KB, 500-char strings…). */
  serialize?: SerializeOptions;
  /** Prefix of generated ids (`n1`, `n2`, …). Default `n`. */
  idPrefix?: string;
  /** Clock for `takenAt`, ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/**
 * Creates an empty registry.
 * @param options - per-node serialization caps, id prefix, clock.
 * @returns a {@link PageContextRegistry}.
 * @example
 * const registry = createPageContextRegistry();
 * const id = registry.register({ type: 'dashboard', data: { title: 'API health' } });
 * registry.register({ type: 'widget', parentId: id, data: { title: 'Error rate', value: '2.1%' } });
 * toMarkdown(registry.snapshot(), { budgetTokens: 1000 });
 */
export function createPageContextRegistry(
  options: PageContextRegistryOptions = {},
): PageContextRegistry {
  const { serialize, idPrefix = 'n', now = Date.now } = options;
  const nodes = new Map<string, StoredNode>();
  const childrenByParent = new Map<string, Set<string>>();
  const listeners = new Set<PageContextListener>();
  let version = 0;
  let generated = 0;
  let location: PageLocation | undefined;
  let locationKey = '';

  function changed(): void {
    version++;
    for (const listener of [...listeners]) {
      try {
        listener(version);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  function serializeData(data: unknown): { data: JsonValue; dataKey: string } {
    const value = data === undefined ? null : serializeValue(data, serialize);
    return { data: value, dataKey: JSON.stringify(value) };
  }

  function actionsKey(id: string, actions: Readonly<Record<string, PageAction>>): string {
    const shape: unknown[] = [];
    for (const [name, action] of Object.entries(actions)) {
      assertPageAction(id, name, action);
      shape.push(name, action.description, actionInputSchema(action.input));
    }
    return JSON.stringify(shape);
  }

  function assertPriority(id: string, priority: number | undefined): number {
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

  function nextId(): string {
    let id: string;
    do id = `${idPrefix}${++generated}`;
    while (nodes.has(id));
    return id;
  }

  function detach(node: StoredNode): void {
    if (node.parentId === undefined) return;
    const siblings = childrenByParent.get(node.parentId);
    siblings?.delete(node.id);
    if (siblings?.size === 0) childrenByParent.delete(node.parentId);
  }

  function register(input: PageNodeInput): string {
    const id = input.id ?? nextId();
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
    const actions = input.actions ?? {};
    const node: StoredNode = {
      id,
      type: input.type,
      parentId: input.parentId,
      priority: assertPriority(id, input.priority),
      ...serializeData(input.data),
      actions,
      actionsKey: actionsKey(id, actions),
      details: input.details,
    };
    const previous = nodes.get(id);
    if (previous) detach(previous);
    nodes.set(id, node);
    if (node.parentId !== undefined) {
      let siblings = childrenByParent.get(node.parentId);
      if (!siblings) {
        siblings = new Set();
        childrenByParent.set(node.parentId, siblings);
      }
      siblings.add(id);
    }
    changed();
    return id;
  }

  function update(id: string, patch: PageNodePatch): boolean {
    const node = nodes.get(id);
    if (!node) return false;
    // Check everything before changing anything: a rejected patch leaves the node as it was.
    const priority = patch.priority === undefined ? undefined : assertPriority(id, patch.priority);
    const key = patch.actions === undefined ? undefined : actionsKey(id, patch.actions);
    let visible = false;
    if ('data' in patch) {
      const next = serializeData(patch.data);
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
    if (visible) changed();
    return visible;
  }

  function unregister(id: string): boolean {
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
    changed();
    return true;
  }

  function setLocation(next: PageLocation | undefined): void {
    const key = next === undefined ? '' : JSON.stringify(serializeValue(next));
    if (key === locationKey) return;
    location = next === undefined ? undefined : (JSON.parse(key) as PageLocation);
    locationKey = key;
    changed();
  }

  return {
    get version() {
      return version;
    },
    get size() {
      return nodes.size;
    },
    register,
    update,
    unregister,
    setLocation,
    has: (id) => nodes.has(id),
    snapshot: (): PageSnapshot =>
      assembleSnapshot({ nodes, childrenByParent, location, version, takenAt: now() }),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
