/**
 * What the first rows do not need, rendered once the browser is first idle after mounting (at
 * most 2 s later; `use-idle.ts`, with a timer where Safari has no `requestIdleCallback`):
 * `window.__sightline` and its page reader, the assistant's page actions and their zod schemas.
 * Their chunks load then, off the first rows' way.
 */
import { type ReactNode, Suspense } from 'react';
import { useIdle } from './use-idle.js';

/** `children` (lazy components, nothing shown meanwhile) once the browser is idle. */
export function WhenIdle({ children }: { children: ReactNode }) {
  return useIdle() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
