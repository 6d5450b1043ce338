/**
 * React context naming the nearest enclosing opted-in node, set by `withPageContext`: nested
 * wrapped components take it as their parent, and the hooks write into it.
 */
import { SightlineError } from '@sightline/core';
import { createContext, useContext } from 'react';
import type { PageNodeHandle } from './page-node-handle.js';

/** The nearest enclosing opted-in node; `undefined` at the top of the tree. */
export const PageNodeContext = createContext<PageNodeHandle | undefined>(undefined);

/**
 * The node of the nearest component wrapped with `withPageContext`.
 * @param hook - name of the calling hook, for the error message.
 * @returns its handle.
 * @throws SightlineError `INVALID_ARGUMENT` when the caller is not inside such a component.
 */
export function useRequiredNode(hook: string): PageNodeHandle {
  const node = useContext(PageNodeContext);
  if (node === undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${hook} must be called in a component wrapped with withPageContext(type, Component); wrap the component that owns these facts.`,
    });
  }
  return node;
}
