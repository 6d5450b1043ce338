/** Reading the answers to the demo's own API calls (`serve --demo` posts and lists through the API). */
import { SightlineError } from '@sightline/core';
/**
 * The JSON of an answer to one of the demo's own API calls.
 * @throws SightlineError (INVALID_ARGUMENT) when the service refused the call: with 429, the
 *   --rate-limit given allows fewer requests a minute than the demo makes (two, plus one per group).
 */
export async function demoAnswer(answer: Response): Promise<unknown> {
  const body = (await answer.json().catch(() => ({}))) as { error?: { message?: string } };
  if (answer.ok) return body;
  const why = body.error?.message ?? answer.statusText;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message:
      answer.status === 429
        ? `The demo's own API calls were refused by --rate-limit (${why}): it makes two calls a minute plus one per group. Give --rate-limit 20 or more, or leave it out.`
        : `The demo's own API call ${answer.url} was refused: ${answer.status} ${why}.`,
  });
}
