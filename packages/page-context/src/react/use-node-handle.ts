/**
 * One node of the React tree's own: its readable id (see `node-ids.ts`), its handle, the element
 * it describes, and its registration from mount to unmount. Shared by `withPageContext` and by
 * `usePageContext(data, { type })`, which registers a node without a wrapper element.
 */
import { type RefObject, useEffect, useId, useLayoutEffect, useMemo, useReducer } from 'react';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import type { PageContextRegistry } from '../types.js';
import { claimNodeId, releaseNodeId, settleNodeId } from './node-ids.js';
import { PageNodeHandle } from './page-node-handle.js';
import { warnOnce } from './warn-once.js';

/** `useLayoutEffect` in a browser; during server rendering (no `document`) nothing runs anyway. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** What identifies and places a node of one's own. */
export interface OwnNodeOptions {
  /** What the node is; `undefined`: no node of one's own (the hook adds to an ancestor's). */
  type: string | undefined;
  /** Tells instances apart: the id becomes `<type>-<key>` (spaces and punctuation become `-`). */
  key?: string | number;
  /** The whole id, used as is. */
  id?: string;
  /** Priority of the node, default 0. */
  priority?: number;
  /** The element the node describes (ties it to the DOM outline; nodes inside nest under it). */
  elementRef?: RefObject<Element | null>;
  /** Warn when instances without a key get numbered ids (hooks; the HOC documents numbering). */
  warnWhenNumbered?: boolean;
}

/**
 * An id part made of a key: runs of anything but letters, digits, `_`, `.` and `:` become `-`.
 * @param key - what tells instances apart (an issue id, a widget's title).
 * @returns e.g. `Error-rate` for `Error rate`.
 */
export function keyToIdPart(key: string | number): string {
  return (
    String(key)
      .trim()
      .replace(/[^\p{L}\p{N}_.:-]+/gu, '-') || '-'
  );
}

/**
 * Registers a node of the calling component's own while it is mounted.
 * @param registry - the provider's registry; `undefined` outside a provider (nothing happens).
 * @param parent - the nearest opted-in ancestor in the React tree.
 * @param options - type, key or id, priority, element.
 * @returns the node's handle, or `undefined` without a registry or a type.
 */
export function useOwnNode(
  registry: PageContextRegistry | undefined,
  parent: PageNodeHandle | undefined,
  options: OwnNodeOptions,
): PageNodeHandle | undefined {
  const { type, key, id: explicit, priority, elementRef, warnWhenNumbered = false } = options;
  const token = useId();
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  const base =
    type === undefined ? undefined : key === undefined ? type : `${type}-${keyToIdPart(key)}`;
  const id =
    registry === undefined || base === undefined
      ? undefined
      : (explicit ?? claimNodeId(registry, base, token));
  const node = useMemo(
    () =>
      registry && type !== undefined && id !== undefined
        ? new PageNodeHandle(registry, id, type, priority)
        : undefined,
    [registry, id, type, priority],
  );
  if (node) node.contextParent = parent;
  // Every commit, before any passive effect registers a node: the ref may point elsewhere now.
  useBrowserLayoutEffect(() => {
    const element = elementRef?.current ?? null;
    if (!node || !element) return;
    node.element = element;
    element.setAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE, node.id);
    return () => {
      node.element = null;
      if (element.getAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE) === node.id) {
        element.removeAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE);
      }
    };
  });
  useEffect(() => {
    if (!node || !registry || base === undefined || id === undefined) return;
    if (explicit === undefined && settleNodeId(registry, base, token) !== id) {
      renderAgain(); // a lower id was freed in this commit: take it before registering
      return;
    }
    if (warnWhenNumbered && explicit === undefined && id !== base) {
      warnOnce(
        `numbered:${base}`,
        `Several mounted components register page nodes of type "${type}" without a key; they are numbered by mount order (${base}, ${id}, …), which says nothing about which is which. Pass a key: usePageContext(data, { type: '${type}', key: row.id }).`,
      );
    }
    node.register();
    return () => {
      node.unregister();
      if (explicit === undefined) releaseNodeId(registry, base, token);
    };
  }, [node, registry, id, base, token, explicit, type, warnWhenNumbered]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the React ancestor changes (the handle reads it from contextParent).
  useEffect(() => {
    node?.refreshParent();
  }, [node, parent]);
  return node;
}
