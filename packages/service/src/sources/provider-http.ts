/**
 * What every polled provider shares: reading `Retry-After` and rate-limit headers, and the error a
 * poll throws so the poller waits as long as the provider asked (see {@link ProviderError}).
 */
/** Longest wait honoured, ms (a provider asking for more is waited on for an hour, then retried). */
const MAX_WAIT_MS = 3_600_000;

/**
 * The wait a response asks for, ms: `Retry-After` in seconds or as an HTTP date (RFC 9110 §10.2.3),
 * else `x-ratelimit-reset` (epoch seconds) when `x-ratelimit-remaining` is 0. Undefined: no wait.
 */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
  }
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (remaining === '0' && Number.isFinite(reset) && reset > 0) {
    return Math.min(Math.max(reset * 1000 - now, 0), MAX_WAIT_MS);
  }
  return undefined;
}

/** A provider call that failed; `retryAfterMs` tells the poller how long to wait. */
export class ProviderError extends Error {
  /** HTTP status, 0 for a network failure. */
  readonly status: number;
  /** The provider's requested wait, ms, when it gave one. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, status: number, wait?: number) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    this.retryAfterMs = wait;
  }
}
