/**
 * The page-context registry: a flat map of nodes keyed by id, plus an index of children by parent
 * id. Writes are O(1) apart from serializing the written data (O(size of data), which is also how
 * an unchanged write is detected); unregister is O(size of the subtree). The tree is assembled only
 * by `snapshot()` (see `assemble-snapshot.ts`), so the order of mounting never loses a child.
 *
 * Pattern: getsentry/sentry `static/app/views/seerExplorer/contexts/registerLLMContext.tsx` (flat
 * registry, tree at read time, version counter as the change signal).
 */
import { type SerializeOptions, serializeValue } from '../render/serialize-value.js';
import type { PageContextRegistry, PageLocation, PageSnapshot } from '../types.js';
import { assembleSnapshot } from './assemble-snapshot.js';
import { createChangeSignal } from './change-signal.js';
import { createNodeIndex } from './node-index.js';
import { applyNodePatch, createStoredNode } from './stored-node.js';

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
  const index = createNodeIndex();
  const signal = createChangeSignal();
  let generated = 0;
  let location: PageLocation | undefined;
  let locationKey = '';

  function nextId(): string {
    let id: string;
    do id = `${idPrefix}${++generated}`;
    while (index.nodes.has(id));
    return id;
  }

  return {
    get version() {
      return signal.version;
    },
    get size() {
      return index.nodes.size;
    },
    register(input) {
      const node = createStoredNode(input.id ?? nextId(), input, serialize);
      index.put(node);
      signal.changed();
      return node.id;
    },
    update(id, patch) {
      const node = index.nodes.get(id);
      const visible = node !== undefined && applyNodePatch(node, patch, serialize);
      if (visible) signal.changed();
      return visible;
    },
    unregister(id, { keepChildren = false } = {}) {
      const removed = keepChildren ? index.removeNode(id) : index.removeSubtree(id);
      if (removed) signal.changed();
      return removed;
    },
    setLocation(next) {
      const key = next === undefined ? '' : JSON.stringify(serializeValue(next));
      if (key === locationKey) return;
      location = next === undefined ? undefined : (JSON.parse(key) as PageLocation);
      locationKey = key;
      signal.changed();
    },
    has: (id) => index.nodes.has(id),
    snapshot: (): PageSnapshot =>
      assembleSnapshot({ ...index, location, version: signal.version, takenAt: now() }),
    subscribe: (listener) => signal.subscribe(listener),
  };
}
