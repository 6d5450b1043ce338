/**
 * `useIdle`: false until the browser is first idle after mounting, for work that should stay off
 * the first render's way. Safari (macOS and iOS) has no `requestIdleCallback`
 * (webkit.org/b/164193); there a timer of the same bound stands in, since calling the missing
 * function would throw inside the effect and take the whole console down.
 */
import { useEffect, useState } from 'react';

/** Whether the browser has been idle once in this page's life: later mounts need not wait. */
let idledOnce = false;

/**
 * False until the browser is first idle after mounting, then true; true from the start once the
 * page has been idle before (the first rows are long painted by then).
 * @param timeoutMs - the longest wait, in ms (also the wait where there is no idle callback).
 *   Default 2,000.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(idledOnce);
  useEffect(() => {
    if (idle) return;
    const done = () => {
      idledOnce = true;
      setIdle(true);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, timeoutMs);
    return () => clearTimeout(timer);
  }, [idle, timeoutMs]);
  return idle;
}
