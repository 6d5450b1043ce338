/**
 * The API token check: every `/api` route but the health check and the OpenAPI document needs
 * `Authorization: Bearer <token>` (Hono's bearer-auth), answered in the API's error shape.
 */
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';

/** Paths anyone may read: monitors and API explorers have no token. */
const PUBLIC_PATHS = new Set(['/api/health', '/api/openapi.json']);

/** The middleware for `/api/*`, checking `token`. */
export function apiTokenAuth(token: string): MiddlewareHandler {
  const check = bearerAuth({
    token,
    noAuthenticationHeader: {
      message: {
        error: {
          code: 'UNAUTHORIZED',
          message:
            'Send the API token as "Authorization: Bearer <token>" (it is in the data folder, file api-token).',
        },
      },
    },
    invalidToken: {
      message: { error: { code: 'UNAUTHORIZED', message: 'The API token is wrong.' } },
    },
    invalidAuthenticationHeader: {
      message: {
        error: { code: 'UNAUTHORIZED', message: 'Send "Authorization: Bearer <token>".' },
      },
    },
  });
  return (c, next) => (PUBLIC_PATHS.has(c.req.path) ? next() : check(c, next));
}
