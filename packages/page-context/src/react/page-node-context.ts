/**
 * React context naming the nearest enclosing opted-in node (set by `withPageContext`): nested
 * wrapped components take it as their parent, and hooks without a node of their own add to it.
 */
import { createContext, useState } from 'react';
import type { PageNodeHandle } from './page-node-handle.js';

/** The nearest enclosing opted-in node; `undefined` at the top of the tree. */
export const PageNodeContext = createContext<PageNodeHandle | undefined>(undefined);

let rendered = 0;

/**
 * The render order of the calling hook instance, fixed at its first render: React renders a parent
 * before its children, so a lower number is further out in the tree (how merged facts are ordered).
 * @returns a number, stable for the instance's lifetime.
 */
export function useRenderOrder(): number {
  const [order] = useState(() => ++rendered);
  return order;
}
