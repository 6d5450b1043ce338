/**
 * React context naming the nearest enclosing opted-in node, set by `withPageContext`: nested
 * wrapped components take it as their parent, and the hooks write into it (outside a provider there
 * is none, and the hooks do nothing).
 */
import { SightlineError } from '@sightline/core';
import { createContext, useContext } from 'react';
import { useOptionalRegistry } from './page-context-provider.js';
import type { PageNodeHandle } from './page-node-handle.js';

/** The nearest enclosing opted-in node; `undefined` at the top of the tree. */
export const PageNodeContext = createContext<PageNodeHandle | undefined>(undefined);

/**
 * The node of the nearest component wrapped with `withPageContext`.
 * @param hook - name of the calling hook, for the message.
 * @returns its handle, or `undefined` outside a `<PageContextProvider>` (the hook does nothing).
 * @throws SightlineError `INVALID_ARGUMENT` inside a provider when the caller is not inside a
 *   wrapped component.
 */
export function useNode(hook: string): PageNodeHandle | undefined {
  const node = useContext(PageNodeContext);
  const registry = useOptionalRegistry(hook);
  if (node === undefined && registry !== undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${hook} must be called in a component wrapped with withPageContext(type, Component); wrap the component that owns these facts.`,
    });
  }
  return node;
}
