/**
 * What the first rows do not need, rendered once the browser is first idle after mounting (at most
 * 2 s later, `requestIdleCallback`'s timeout): `window.__sightline` and its page reader, the
 * assistant's page actions and their zod schemas. Their chunks load then, off the first rows' way.
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react';

/** False until the browser is first idle after the calling component mounted (at most 2 s). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}

/** `children` (lazy components, nothing shown meanwhile) once the browser is idle. */
export function WhenIdle({ children }: { children: ReactNode }) {
  return useIdle() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
