/**
 * Refuses, with 415, a body a JSON route would not read. Hono's JSON validator reads a body only
 * when its Content-Type is JSON and validates `{}` otherwise, so `{"model":"…"}` sent as
 * text/plain (curl's `-d` sends application/x-www-form-urlencoded) re-investigated a group with the
 * default model and said 202, and a triage change said a field was missing although it was sent.
 * A request without a body passes: the route's schema decides whether it needs one. A JSON body
 * with a lone UTF-16 surrogate in a string (`"\ud800"`, half a character) is refused with 400, as
 * `POST /api/reports` refuses it: stored, an assignee or a view's name came back as three U+FFFD
 * (trial 19's re-check).
 */
import type { MiddlewareHandler } from 'hono';
import { jsonReportProblem } from '../../sources/report-text-problem.js';
import { bodyMedia, jsonCharsetProblem } from '../body-text.js';
import { errorResponse } from './errors.js';

/**
 * `application/json` and structured-syntax JSON types with one suffix (`application/merge-patch+json`,
 * RFC 6839): the media types Hono's JSON validator reads (hono/validator, 4.x); a body of any other
 * type it validates as `{}` (fresh-user trial 19: `application/vnd.a+b+json` passed a looser test and
 * re-investigated with the default model). `json-media.test.ts` holds the two to each other.
 */
const JSON_MEDIA = /^application\/(?:[\w.-]+\+)?json$/;

/**
 * Whether a body of this media type is JSON to the API (`POST /api/reports` reads the same types).
 * @param media - a media type without parameters, lower case (`bodyMedia`'s `media`).
 */
export function isJsonMedia(media: string): boolean {
  return JSON_MEDIA.test(media);
}

/**
 * Middleware for a route whose body is JSON (before its `zValidator('json', …)`).
 * @returns 415 `UNSUPPORTED_MEDIA_TYPE` saying what to send when the request carries a body whose
 *   Content-Type is not JSON, or is JSON in a charset other than UTF-8; 400 `INVALID_ARGUMENT`
 *   when a JSON body is not UTF-8, is empty, is not JSON, or has a string with a lone
 *   surrogate; otherwise calls the next handler. The body is read within the API's body limit; Hono keeps it for the
 *   validator.
 */
export const jsonMediaOnly: MiddlewareHandler = async (c, next) => {
  const header = c.req.header('content-type');
  const { media, charset } = bodyMedia(header);
  if (isJsonMedia(media)) {
    if (!jsonCharsetProblem(charset)) {
      const problem =
        c.req.raw.body === null
          ? undefined
          : jsonBodyProblem(new Uint8Array(await c.req.arrayBuffer()));
      if (!problem) return next();
      return errorResponse(c, 400, 'INVALID_ARGUMENT', `Invalid request: body: ${problem}`);
    }
    return errorResponse(
      c,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `charset: a JSON body is UTF-8 (RFC 8259), not "${charset?.slice(0, 40)}". Send it as UTF-8 with Content-Type: application/json.`,
    );
  }
  // No body, or an empty one: the route's schema decides whether it needs one.
  if (c.req.raw.body === null || (await c.req.arrayBuffer()).byteLength === 0) return next();
  return errorResponse(
    c,
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Type ${header === undefined ? '(none)' : JSON.stringify(header.slice(0, 100))} is not taken here: this body is JSON. Send it with Content-Type: application/json, e.g. curl -H "Content-Type: application/json" -d '{…}'.`,
  );
};

/**
 * Why a JSON body cannot be taken: not UTF-8, empty or not JSON (Hono's validator said only
 * "Malformed JSON in request body": fresh-user trial 20; the parser's own message is not shown, as it quotes the
 * body), or a lone surrogate in a string; undefined when it can.
 */
function jsonBodyProblem(bytes: Uint8Array): string | undefined {
  const fix = 'send one JSON object with the fields this route takes ({} when it needs none)';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Read with U+FFFD, an assignee's name was stored as "��" (trial 20's re-check).
    return `not valid UTF-8; ${fix}, in UTF-8.`;
  }
  if (text.trim() === '') return `empty; ${fix}.`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON; ${fix}, with Content-Type: application/json.`;
  }
  try {
    return jsonReportProblem(body);
  } catch {
    // Nested past what JSON.stringify can write: the route's validator refuses it.
    return undefined;
  }
}
