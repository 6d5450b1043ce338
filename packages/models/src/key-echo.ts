/**
 * A model server's error answer with the API key it was sent taken out. Servers echo what they
 * were sent in their errors (OpenAI's "Incorrect API key provided: <key>", a proxy's "auth was
 * Bearer <key>"), and the AI SDK makes the answer's text the error's message, which Sightline
 * shows in the terminal, the service's log, a group's investigation and the failed-jobs list.
 * The secret rules catch keys of a known shape; a local server's key has none, so the key itself
 * is taken out here, where it is known.
 */

/** What stands where the key was. */
export const WITHHELD_KEY = '[withheld: the API key]';

/**
 * Keys shorter than this are not searched for: a short key (`x`, `none`, as local servers take)
 * is also an ordinary word of an answer, and replacing it would garble the message.
 */
const MIN_KEY_LENGTH = 8;

/**
 * Wraps `send` so that an error answer (HTTP status ≥ 400) has every occurrence of `key` replaced
 * by {@link WITHHELD_KEY} in its body. Answers that succeed pass untouched, streamed as sent.
 * @param send - the `fetch` the provider calls.
 * @param key - the API key sent; `undefined` (or one shorter than 8 characters) gives `send` back.
 * @returns the wrapped `fetch`.
 */
export function withoutKeyEcho(send: typeof fetch, key: string | undefined): typeof fetch {
  if (key === undefined || key.length < MIN_KEY_LENGTH) return send;
  return async (input, init) => {
    const response = await send(input, init);
    if (response.status < 400) return response;
    const text = await response.text();
    if (!text.includes(key)) return rebuilt(response, text);
    return rebuilt(response, text.replaceAll(key, WITHHELD_KEY));
  };
}

/** A response of `response`'s status and headers with the body `text` (read already). */
function rebuilt(response: Response, text: string): Response {
  const headers = new Headers(response.headers);
  // The body is decoded text now: its length and encoding are no longer the server's.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}
