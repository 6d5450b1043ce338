/**
 * The API token check: every `/api` route but the health check and the OpenAPI document needs
 * `Authorization: Bearer <token>` (Hono's bearer-auth), answered 401 in the API's error shape —
 * also when another scheme (`Basic`, `Token`) is sent.
 */
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { ApiTokens } from '../api-token.js';
import { errorResponse } from './errors.js';

/** The header bearer-auth reads a token from (its token characters, RFC 6750 §2.1 b64token). */
const BEARER_HEADER = /^Bearer +[A-Za-z0-9._~+/-]+=* *$/i;

/** Paths anyone may read: monitors and API explorers have no token. */
const PUBLIC_PATHS = new Set(['/api/health', '/api/openapi.json']);

const HOW_TO_SEND =
  'Send the API token as "Authorization: Bearer <token>" (it is in the data folder, file api-token).';

/**
 * The middleware for `/api/*`.
 * @param tokens - the API tokens accepted (one per API client), or a rotating set read on every
 *   request.
 */
export function apiTokenAuth(tokens: string | readonly string[] | ApiTokens): MiddlewareHandler {
  const accepted =
    typeof tokens === 'string'
      ? () => [tokens]
      : 'current' in tokens
        ? tokens.current
        : () => tokens;
  const check = bearerAuth({
    verifyToken: async (token) => {
      for (const candidate of accepted()) if (await timingSafeEqual(candidate, token)) return true;
      return false;
    },
    noAuthenticationHeader: {
      message: { error: { code: 'UNAUTHORIZED', message: HOW_TO_SEND } },
    },
    invalidToken: {
      message: { error: { code: 'UNAUTHORIZED', message: 'The API token is wrong.' } },
    },
    invalidAuthenticationHeader: {
      message: { error: { code: 'UNAUTHORIZED', message: HOW_TO_SEND } },
    },
  });
  return (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next();
    const header = c.req.header('authorization');
    // Another scheme, or a token of characters no token has, is a missing token (RFC 6750 §3:
    // 401 with a challenge), not the 400 bearer-auth gives it.
    if (header !== undefined && !BEARER_HEADER.test(header)) {
      c.header('WWW-Authenticate', 'Bearer realm="sightline"');
      return errorResponse(c, 401, 'UNAUTHORIZED', HOW_TO_SEND);
    }
    return check(c, next);
  };
}
