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
/** What stands where a piece of the key was. */
export const WITHHELD_PIECE = '[withheld: part of the API key]';

/**
 * A piece of the key this long or longer is taken out wherever it shows (a server that prints
 * the key cut short, or in two halves: fresh-user trial 31). Eight characters of a key are as
 * unlikely in an ordinary answer as the key itself.
 */
const PIECE = 8;
/** A key shorter than {@link PIECE} is taken out as a whole word only; one shorter than this not at all. */
const MIN_WORD_KEY = 3;

/**
 * Wraps `send` so that an error answer (HTTP status ≥ 400) shows nothing of `key`: the key, its
 * base64, and every run of {@link PIECE} or more of its characters become a note; a key shorter
 * than that is replaced where it stands as a word (`Bearer abc`). Answers that succeed pass
 * untouched, streamed as sent.
 * @param send - the `fetch` the provider calls.
 * @param key - the API key sent; `undefined` (or one shorter than 3 characters) gives `send` back.
 * @returns the wrapped `fetch`.
 */
export function withoutKeyEcho(send: typeof fetch, key: string | undefined): typeof fetch {
  if (key === undefined || key.length < MIN_WORD_KEY) return send;
  return async (input, init) => {
    const response = await send(input, init);
    if (response.status < 400) return response;
    return rebuilt(response, withoutKey(await response.text(), key));
  };
}

/**
 * `text` with `key` taken out (see {@link withoutKeyEcho}).
 * @param text - an answer's body.
 * @param key - the key, at least 3 characters.
 */
export function withoutKey(text: string, key: string): string {
  if (key.length < PIECE) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), WITHHELD_KEY);
  }
  const base64 = Buffer.from(key).toString('base64');
  let shown = text
    .replaceAll(key, WITHHELD_KEY)
    .replaceAll(base64, WITHHELD_KEY)
    .replaceAll(base64.replace(/=+$/, ''), WITHHELD_KEY);
  const pieces = new Set<string>();
  for (let at = 0; at + PIECE <= key.length; at += 1) pieces.add(key.slice(at, at + PIECE));
  for (let at = 0; at + PIECE <= shown.length; at += 1) {
    if (!pieces.has(shown.slice(at, at + PIECE))) continue;
    let end = at + PIECE;
    while (end < shown.length && key.includes(shown.slice(at, end + 1))) end += 1;
    shown = `${shown.slice(0, at)}${WITHHELD_PIECE}${shown.slice(end)}`;
    at += WITHHELD_PIECE.length - 1;
  }
  return shown;
}

/** A response of `response`'s status and headers with the body `text` (read already). */
function rebuilt(response: Response, text: string): Response {
  const headers = new Headers(response.headers);
  // The body is decoded text now: its length and encoding are no longer the server's.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}
