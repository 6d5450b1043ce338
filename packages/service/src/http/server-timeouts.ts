/**
 * Timeouts of the service's HTTP server, so a slow or stalled client (a webhook sender dripping
 * its body, a connection that never finishes its headers) cannot hold a connection and the body
 * it buffered for Node's defaults (60 s for headers, 5 minutes for a request).
 */
import type { ServerOptions } from 'node:http';
import { SightlineError } from '@sightline/core';

/** Timeouts of the HTTP server, in ms. */
export interface ServerTimeouts {
  /** To receive a request's headers, from its first byte. Default 10,000 (Node's: 60,000). */
  headersMs?: number;
  /**
   * To receive a whole request, headers and body: the body's timeout, since Node has none of its
   * own. Default 60,000 (Node's: 300,000): enough for the largest report (10 MiB) at 1.4 Mbit/s.
   * Only receiving counts: a response that streams for longer (live updates) is not cut.
   */
  requestMs?: number;
  /** An idle keep-alive connection is closed after it. Default 5,000 (Node's). */
  keepAliveMs?: number;
}

/** The defaults of {@link ServerTimeouts}. */
export const DEFAULT_SERVER_TIMEOUTS: Required<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
};

/**
 * Node `http.createServer` options enforcing `timeouts` (a late request is answered 408 and its
 * connection closed). Node checks the headers and request timeouts of open connections
 * periodically (every 30 s by default); here every second, or more often for shorter timeouts.
 * @throws SightlineError `INVALID_ARGUMENT` when a timeout is not a positive number of ms or the
 *   headers timeout exceeds the request timeout.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts = {}): ServerOptions {
  const { headersMs, requestMs, keepAliveMs } = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
  for (const [name, ms] of Object.entries({ headersMs, requestMs, keepAliveMs })) {
    if (!Number.isFinite(ms) || ms <= 0) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Server timeout ${name} must be a positive number of milliseconds, not ${ms}.`,
      });
    }
  }
  if (headersMs > requestMs) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The headers timeout (${headersMs} ms) cannot exceed the request timeout (${requestMs} ms), which includes the headers.`,
    });
  }
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersMs / 2))),
  };
}
