/**
 * `sightline ingest --url` against a busy service: a request answered 429 (the API's rate limit,
 * `serve --rate-limit`, 600 a minute by default) is sent again after the wait its `Retry-After`
 * asks for (seconds or an HTTP date, read by the service's own `retryAfterMs`), and so is a 503
 * that says when to come back; a few times and within a total wait, after which the refusal
 * stands. Sending a batch again is safe: a refused request stored nothing, and a report stored
 * already is not stored twice.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { retryAfterMs } from '@sightline/service/internal';

/** Options of {@link retryBusy}. */
export interface RetryBusyOptions {
  /** Most requests sent again after the first. Default 3. */
  retries?: number;
  /** Most time waited in all before the last request, ms. Default 60,000. */
  maxWaitMs?: number;
  /** Wait before the first retry of a 429 without `Retry-After`, ms; doubled for each next one. Default 1,000. */
  defaultWaitMs?: number;
  /** Waits `ms` milliseconds. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait: the status, the wait (ms) and which retry follows (1-based). */
  onRetry?: (retry: { status: number; waitMs: number; retry: number; retries: number }) => void;
}

/** What {@link retryBusy} ended with. */
export interface RetryBusyOutcome {
  /** The last answer: not busy, or still busy when retries or the wait ran out. */
  response: Response;
  /** Requests sent again. */
  retries: number;
  /** Time waited in all, ms. */
  waitedMs: number;
  /** When the last answer is busy: the wait its `Retry-After` asked for, ms, if it gave one. */
  retryAfterMs?: number;
}

/**
 * Sends a request again while the answer is busy: 429, or 503 with `Retry-After`.
 * @param send - sends the request once; called again for each retry.
 * @param options - see {@link RetryBusyOptions}.
 * @returns the last answer, with its body unread, and what was retried. A busy answer is returned
 *   (not thrown) when the retries are used up or the next wait would pass `maxWaitMs`.
 * @throws what `send` throws (a network failure), at once.
 */
export async function retryBusy(
  send: () => Promise<Response>,
  {
    retries: maxRetries = 3,
    maxWaitMs = 60_000,
    defaultWaitMs = 1_000,
    sleep = (ms) => delay(ms),
    onRetry,
  }: RetryBusyOptions = {},
): Promise<RetryBusyOutcome> {
  let waitedMs = 0;
  for (let retries = 0; ; retries += 1) {
    const response = await send();
    const asked = retryAfterMs(response.headers);
    const busy = response.status === 429 || (response.status === 503 && asked !== undefined);
    if (!busy) return { response, retries, waitedMs };
    const waitMs = asked ?? defaultWaitMs * 2 ** retries;
    if (retries >= maxRetries || waitedMs + waitMs > maxWaitMs) {
      return {
        response,
        retries,
        waitedMs,
        ...(asked !== undefined ? { retryAfterMs: asked } : {}),
      };
    }
    await response.body?.cancel();
    onRetry?.({ status: response.status, waitMs, retry: retries + 1, retries: maxRetries });
    await sleep(waitMs);
    waitedMs += waitMs;
  }
}
