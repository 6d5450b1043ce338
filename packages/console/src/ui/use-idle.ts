/**
 * `useIdle`: false until the browser is first idle after mounting, for work that should stay off
 * the first render's way. Safari (macOS and iOS) has no `requestIdleCallback`
 * (webkit.org/b/164193); there a timer of the same bound stands in, since calling the missing
 * function would throw inside the effect and take the whole console down.
 */
import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after mounting, then true.
 * @param timeoutMs - the longest wait, in ms (also the wait where there is no idle callback).
 *   Default 2,000.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
