/**
 * `POST /api/token/rotate`: replaces the API token with a new random one (written to the data
 * folder's `api-token` first); the token that made the request, and every copy of it, is refused
 * from then on. A service given its token by `SIGHTLINE_API_TOKEN` or by its caller refuses.
 */
import { SightlineError } from '@sightline/core';
import { Hono } from 'hono';
import type { ApiTokens } from '../api-token.js';

/** The route, to mount at `/api/token`. */
export function tokenRoutes({ tokens }: { tokens: string | readonly string[] | ApiTokens }) {
  return new Hono().post('/rotate', (c) => {
    if (typeof tokens === 'string' || !('rotate' in tokens)) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message:
          'This service was started with fixed API tokens; change them where they are set and restart it.',
      });
    }
    return c.json({ token: tokens.rotate() });
  });
}
