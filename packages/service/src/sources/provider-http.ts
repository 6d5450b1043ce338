/**
 * What every polled provider shares: reading `Retry-After` and rate-limit headers, and the error a
 * poll throws so the poller waits as long as the provider asked (see {@link ProviderError}).
 * Redirects are followed only within the configured origin, so credentials stay with it.
 */
import { SightlineError, sameOriginFetch } from '@sightline/core';

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

/** Options of {@link getProviderJson}. */
export interface ProviderGetOptions {
  /** The provider's name in messages: `Sentry`, `App Store Connect`, `Google Play`. */
  provider: string;
  fetch: typeof fetch;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
  /**
   * What a failed status means for this provider (401 bad credentials, 403 missing role, 404 wrong
   * project), said as what to do. Undefined: the generic message. 429 is always a rate limit.
   */
  explain?: (status: number) => string | undefined;
}

/**
 * GETs a provider's JSON API.
 * @returns the parsed body and the response headers.
 * @throws ProviderError — status 0 when the provider cannot be reached, the HTTP status (with the
 *   provider's requested wait) when it refuses, and the status with "not JSON" for a malformed body.
 *   An aborted `signal` rethrows the abort.
 */
export async function getProviderJson(
  url: string,
  options: ProviderGetOptions,
): Promise<{ json: unknown; headers: Headers }> {
  const { provider } = options;
  const origin = new URL(url).origin;
  // The credentials in `headers` stay with the configured host: a redirect elsewhere is refused.
  const send = sameOriginFetch(options.fetch, { server: provider, code: 'INVALID_ARGUMENT' });
  let response: Response;
  try {
    response = await send(url, {
      headers: { accept: 'application/json', ...options.headers },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // A redirect to another host, refused: its own message says what to configure.
    if (SightlineError.isInstance(error)) throw new ProviderError(error.message, 0);
    throw new ProviderError(
      `${provider} at ${origin} cannot be reached (${(error as Error).message}). Check the base URL and the network.`,
      0,
    );
  }
  if (!response.ok) {
    const { status } = response;
    await response.body?.cancel();
    const wait = retryAfterMs(response.headers);
    const message =
      status === 429
        ? `${provider} is rate limiting this source (429).`
        : (options.explain?.(status) ?? `${provider} at ${origin} answered ${status}.`);
    throw new ProviderError(message, status, wait);
  }
  const text = await response.text();
  try {
    return { json: JSON.parse(text) as unknown, headers: response.headers };
  } catch {
    throw new ProviderError(
      `${provider} answered ${new URL(url).pathname} with a body that is not JSON. Check the base URL.`,
      response.status,
    );
  }
}
