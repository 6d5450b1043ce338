/**
 * Request limits: body sizes (Hono's body-limit, answered 413 in the API's error shape) and
 * requests per minute (hono-rate-limiter, with draft-7 `RateLimit` headers).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import { errorResponse } from './errors.js';

/** Limits of the app. */
export interface AppLimits {
  /** Largest `POST /api/reports` body, bytes. Default 10 MiB (intake's largest report). */
  reportBodyBytes?: number;
  /** Largest webhook body, bytes. Default 1 MiB. */
  webhookBodyBytes?: number;
  /** Requests per minute per source (webhooks) and per client (`POST /api/reports`). Default 600. */
  perMinute?: number;
}

/** The defaults of {@link AppLimits}. */
export const DEFAULT_LIMITS: Required<AppLimits> = {
  reportBodyBytes: 10 * 1024 * 1024,
  webhookBodyBytes: 1024 * 1024,
  perMinute: 600,
};

/**
 * Refuses bodies over `bytes` with 413 `REPORT_TOO_LARGE`.
 * @param hint - what to do instead, appended to the message.
 */
export function bodyBytesLimit(bytes: number, hint = ''): MiddlewareHandler {
  return bodyLimit({
    maxSize: bytes,
    onError: (c) =>
      errorResponse(c, 413, 'REPORT_TOO_LARGE', `The body is larger than ${bytes} bytes.${hint}`),
  });
}

/** At most `limit` requests a minute per key (429 past it). */
export function perMinuteLimit(limit: number, key: (c: Context) => string): MiddlewareHandler {
  return rateLimiter({ windowMs: 60_000, limit, keyGenerator: key, standardHeaders: 'draft-7' });
}
