/**
 * What the first rows do not need, rendered once the browser is first idle after mounting (at
 * most 2 s later; `use-idle.ts`, with a timer where Safari has no `requestIdleCallback`):
 * `window.__sightline` and its page reader, the assistant's page actions and their zod schemas.
 * Their chunks load then, off the first rows' way. They render at once where they are needed
 * now: while the assistant is open ({@link LoadNow}), since a question sent before the page's
 * actions registered would reach the model without them; and after the page's first idle moment
 * (`useIdle`).
 */
import { createContext, type ReactNode, Suspense, useContext } from 'react';
import { useIdle } from './use-idle.js';

/** True where what {@link WhenIdle} holds back is wanted now (the assistant is open). */
export const LoadNow = createContext(false);

/** `children` (lazy components, nothing shown meanwhile) once the browser is idle. */
export function WhenIdle({ children }: { children: ReactNode }) {
  const now = useContext(LoadNow);
  return useIdle() || now ? <Suspense fallback={null}>{children}</Suspense> : null;
}
