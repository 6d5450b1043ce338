/**
 * `usePageContext(data)`: pushes a component's facts into the page after every commit, from any
 * component inside the provider. Without a `type` the facts join the nearest opted-in ancestor's
 * node (the wrapped component itself, or the component that registered it); with a `type` the
 * component registers a node of its own, under that ancestor, and no wrapper element is needed
 * (a `ref` ties the node to the element it describes). Writes go to the registry (which skips data
 * that did not change); nothing is React state, so pushing data never re-renders anything.
 */
import { type RefObject, useContext, useEffect, useId } from 'react';
import type { PageNodeDetails } from '../types.js';
import { useOptionalRegistry } from './page-context-provider.js';
import { PageNodeContext, useRenderOrder } from './page-node-context.js';
import { declareFacts, withdrawFacts } from './page-node-handle.js';
import { useOwnNode } from './use-node-handle.js';
import { warnOnce } from './warn-once.js';

/** Options of {@link usePageContext}. */
export interface UsePageContextOptions {
  /** Full detail fetched only when the agent calls `expand_node` (all rows, raw series). */
  details?: PageNodeDetails;
  /** Priority of the node; default: the wrapper's `priority` option, else 0. */
  priority?: number;
  /**
   * Registers a node of this component's own, of this type (`row`, `chart`), under the nearest
   * opted-in ancestor. Absent: the facts are added to that ancestor's node (object data merged
   * key by key, the outer component's value kept on a clash, with a development warning).
   */
  type?: string;
  /**
   * With `type`: what tells instances apart (`row.id`); the id becomes `<type>-<key>`. Without
   * one, instances mounted at once get `<type>`, `<type>-2`, … (and a development warning).
   */
  key?: string | number;
  /** With `type`: the whole id instead, used as is. */
  id?: string;
  /**
   * With `type`: the element the node describes (`<tr ref={ref}>`). It is marked
   * `data-page-context-node` so the DOM outline points to the node instead of repeating it, and
   * nodes registered inside it nest under this one.
   */
  ref?: RefObject<Element | null>;
}

/**
 * Declares what a component shows. Call it on every render with the current facts; keep them
 * compact (titles, counts, selected values), put bulk into `details`.
 * @param data - the facts; serialized safely by the registry (cycles, Dates, BigInt …).
 * @param options - `type` (+ `key`/`id`, `ref`) for a node of this component's own; `details`
 *   (on-demand detail), `priority`.
 * @returns the id of the node the facts went to — pass it to `usePageAction(name, { node })` to
 *   put an action on a node of one's own — or `undefined` outside a provider, or with no `type`
 *   and no opted-in ancestor (then nothing is registered and development builds warn).
 * @example
 * usePageContext({ title, range: '24h', series: series.length }, { details: () => series })
 * const node = usePageContext({ id: issue.id, title: issue.title }, { type: 'row', key: issue.id, ref: rowRef });
 */
export function usePageContext(
  data: unknown,
  options: UsePageContextOptions = {},
): string | undefined {
  const { details, priority, type, key, id, ref } = options;
  const registry = useOptionalRegistry('usePageContext');
  const anchor = useContext(PageNodeContext);
  const token = useId();
  const order = useRenderOrder();
  const own = useOwnNode(registry, anchor, {
    type,
    ...(key === undefined ? {} : { key }),
    ...(id === undefined ? {} : { id }),
    ...(priority === undefined ? {} : { priority }),
    ...(ref === undefined ? {} : { elementRef: ref }),
    warnWhenNumbered: true,
  });
  const node = own ?? anchor;
  if (registry && !node) {
    warnOnce(
      'usePageContext:unanchored',
      'usePageContext(data) without a type has no opted-in ancestor to add to, so it registers nothing; give it a node of its own: usePageContext(data, { type: "…", ref }).',
    );
  }
  // No dependency list on purpose: runs after every commit of this component and never triggers
  // one; the registry compares the data structurally and ignores unchanged writes.
  const nodeId = node?.id;
  useEffect(() => {
    if (!registry || nodeId === undefined) return;
    declareFacts(registry, nodeId, token, order, {
      data,
      ...(details ? { details } : {}),
      ...(priority === undefined ? {} : { priority }),
    });
  });
  useEffect(() => {
    if (registry && nodeId !== undefined) return () => withdrawFacts(registry, nodeId, token);
  }, [registry, nodeId, token]);
  return nodeId;
}
