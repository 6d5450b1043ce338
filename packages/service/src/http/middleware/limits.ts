/**
 * Request limits: body sizes (Hono's body-limit, answered 413 in the API's error shape) and API
 * requests per minute per client (hono-rate-limiter, with draft-7 `RateLimit` headers; 429 in the
 * API's error shape with `Retry-After`). Webhooks are never rate-limited: providers such as GitHub
 * do not redeliver, so a verified delivery is stored and the queue absorbs the load.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import { errorResponse } from './errors.js';

/** Limits of the app. */
export interface AppLimits {
  /** Largest `POST /api/reports` body, bytes. Default 10 MiB (intake's largest report). */
  reportBodyBytes?: number;
  /** Largest webhook body, bytes. Default 1 MiB. */
  webhookBodyBytes?: number;
  /**
   * Largest body of every other API request (group changes, merges, sources, saved views,
   * tokens), bytes. Default 1 MiB: the largest of them, a source's settings with a service
   * account's key, is a few KiB. `POST /api/reports` and `POST /api/chat` have their own limits.
   */
  apiBodyBytes?: number;
  /**
   * Webhook deliveries waiting to be stored (each holding its body, up to `webhookBodyBytes`),
   * counted from before the body is read; past it and the six being stored, a delivery gets 503
   * with `Retry-After` and its body is not read. Default 256 (at most 262 MiB held).
   */
  webhookWaiting?: number;
  /** API requests per minute per client (per API token). Default 600. */
  perMinute?: number;
}

/** The defaults of {@link AppLimits}. */
export const DEFAULT_LIMITS: Required<AppLimits> = {
  reportBodyBytes: 10 * 1024 * 1024,
  webhookBodyBytes: 1024 * 1024,
  apiBodyBytes: 1024 * 1024,
  webhookWaiting: 256,
  perMinute: 600,
};

/**
 * Refuses bodies over `bytes` with 413 and `code`.
 * @param hint - what to do instead, appended to the message.
 * @param code - `REPORT_TOO_LARGE` (a report, a webhook delivery) or `BODY_TOO_LARGE` (any other
 *   request: a group change, a saved view, found by fresh-user trial 18). Default the former.
 */
export function bodyBytesLimit(
  bytes: number,
  hint = '',
  code: 'REPORT_TOO_LARGE' | 'BODY_TOO_LARGE' = 'REPORT_TOO_LARGE',
): MiddlewareHandler {
  return bodyLimit({
    maxSize: bytes,
    onError: (c) => errorResponse(c, 413, code, `The body is larger than ${bytes} bytes.${hint}`),
  });
}

/** API routes that set a body limit of their own (larger than {@link AppLimits.apiBodyBytes}). */
const OWN_BODY_LIMIT = ['/api/reports', '/api/chat'];

/**
 * Refuses API bodies over `bytes` with 413 `BODY_TOO_LARGE`, but on the routes that set their own limit
 * (`POST /api/reports`, `POST /api/chat`), so no authenticated request makes the service read and
 * parse a body of any size (an 80 MB `PATCH /api/groups/<id>` took 200 MB of memory before its 400).
 * @param bytes - the largest body, bytes.
 */
export function apiBodyBytesLimit(bytes: number): MiddlewareHandler {
  const limit = bodyBytesLimit(bytes, '', 'BODY_TOO_LARGE');
  return (c, next) => {
    const own = OWN_BODY_LIMIT.some(
      (route) => c.req.path === route || c.req.path.startsWith(`${route}/`),
    );
    return own ? next() : limit(c, next);
  };
}

/**
 * At most `limit` API requests a minute per API client, told apart by the token it sends (kept
 * as its SHA-256, never as itself). Past it: 429 `RATE_LIMITED` with `Retry-After` (seconds).
 * Requests without a token (health, the OpenAPI document) are not counted.
 */
export function perClientLimit(limit: number): MiddlewareHandler {
  return rateLimiter({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-7',
    skip: (c) => !c.req.header('authorization'),
    keyGenerator: (c) =>
      createHash('sha256')
        .update(c.req.header('authorization') ?? '')
        .digest('hex'),
    message: {
      error: {
        code: 'RATE_LIMITED',
        message: `This API client sent more than ${limit} requests in a minute. Wait the seconds in Retry-After, then send again (the operator sets the limit with serve --rate-limit).`,
      },
    },
  });
}
