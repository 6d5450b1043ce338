/** How the API answers errors: `{ error: { code, message } }`, never a stack trace. */
import { SightlineError } from '@sightline/core';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A JSON error answer. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
) {
  return c.json({ error: { code, message } }, status);
}

/** The app's error handler: known errors map to 4xx, anything else is a 500 without details. */
export function handleError(error: Error, c: Context, log: (line: string) => void) {
  if (SightlineError.isInstance(error)) {
    const status =
      error.code === 'STORE_ENTRY_NOT_FOUND' ? 404 : error.code === 'INVALID_ARGUMENT' ? 400 : 500;
    if (status === 500) log(`${c.req.method} ${c.req.path}: ${error.code}: ${error.message}`);
    return errorResponse(c, status, error.code, error.message);
  }
  // A middleware's own answer (bearer auth: 401 with `{ error: { code: 'UNAUTHORIZED', … } }`).
  if (error instanceof HTTPException && error.res) return error.getResponse();
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorResponse(c, status as ContentfulStatusCode, 'INVALID_ARGUMENT', error.message);
  }
  log(`${c.req.method} ${c.req.path}: ${error.message}`);
  return errorResponse(c, 500, 'INTERNAL', 'The service failed on this request; its log says why.');
}
