/**
 * How the API answers errors: `{ error: { code, message } }`, never a stack trace, and never a
 * secret the request carried (every message passes the secret gate). The app's error and
 * not-found handlers, and the answer to a request its schema rejects.
 */
import { SightlineError } from '@sightline/core';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { gateMessage } from '../../adapters/investigator.js';

/**
 * A JSON error answer (its status kept in the route's type, so typed clients tell it apart).
 * @param message what went wrong; a word of it that holds a secret (a token sent as a key, in a
 *   path or a header) is sent as the gate's note instead (`gateMessage`).
 * @returns the answer, once the message is gated.
 */
export async function errorResponse<Status extends ContentfulStatusCode>(
  c: Context,
  status: Status,
  code: string,
  message: string,
) {
  return c.json({ error: { code, message: await gateMessage(message) } }, status);
}

/** How an issue without a path names the part of the request it is about, per validation target. */
const TARGET_NAMES: Record<string, string> = { query: 'query', json: 'body', param: 'path' };

/**
 * The answer to a request that fails its schema (the hook of `zValidator`, which awaits it): 400
 * with every issue, each named by its field, or by the part of the request it is about (`query`,
 * `body`), a value it quotes withheld when it holds a secret.
 */
export async function invalidRequest(
  result: {
    success: boolean;
    target?: string;
    error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
  },
  c: Context,
) {
  if (result.success) return undefined;
  const whole = TARGET_NAMES[result.target ?? 'json'] ?? result.target ?? 'body';
  const issues = (result.error?.issues ?? []).map(
    (issue) => `${issue.path.join('.') || whole}: ${issue.message}`,
  );
  return errorResponse(c, 400, 'INVALID_ARGUMENT', `Invalid request: ${issues.join('; ')}`);
}

/** The app's answer to a path no route takes. */
export function notFound(c: Context) {
  return errorResponse(c, 404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}.`);
}

/** The app's error handler: known errors map to 4xx, anything else is a 500 without details. */
export async function handleError(error: Error, c: Context, log: (line: string) => void) {
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
