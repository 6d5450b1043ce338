/**
 * A `fetch` that follows redirects only within the origin it was asked for. Credentials travel in
 * headers (`x-api-key`, `Authorization`); `fetch` itself drops only some of them on a cross-origin
 * redirect (Fetch standard, "HTTP-redirect fetch"), so a model server or a source's API that
 * redirects elsewhere would hand the key on. Here a redirect to another origin is an error instead.
 */
import { SightlineError, type SightlineErrorCode } from './errors.js';

/** Most redirects followed in one request (the Fetch standard's limit is 20). */
const MAX_REDIRECTS = 5;

/** Who is called, for the error {@link sameOriginFetch} throws. */
export interface SameOriginFetchOptions {
  /** The server's name in the message. Default `The server`. */
  server?: string;
  /** The error's code. Default `MODEL_CALL_FAILED`. */
  code?: SightlineErrorCode;
}

/**
 * Wraps `base`.
 * @param base - the `fetch` to send with. Default: the global `fetch` at the time of each call.
 * @returns a `fetch` that throws SightlineError (`options.code`) on a redirect to another origin
 *   (or past {@link MAX_REDIRECTS}), having sent nothing there.
 */
export function sameOriginFetch(
  base?: typeof fetch,
  { server = 'The server', code = 'MODEL_CALL_FAILED' }: SameOriginFetchOptions = {},
): typeof fetch {
  return async (input, init) => {
    const send = base ?? globalThis.fetch; // looked up per call, so a test's stub of it is honoured
    // The first hop goes out exactly as the caller built it (string bodies stay strings), only
    // with redirects handled here.
    let response = await send(input, { ...init, redirect: 'manual' });
    const first = input instanceof Request ? input : undefined;
    let url = new URL(first ? first.url : String(input));
    const { origin } = url;
    let method = init?.method ?? first?.method ?? 'GET';
    let body = init?.body ?? undefined;
    for (let hop = 0; ; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== origin || hop >= MAX_REDIRECTS) {
        throw new SightlineError({
          code,
          message: `${server} at ${origin} redirected to ${next.origin === origin ? 'itself too often' : next.origin}; the request (and its API key) is not sent on. Configure the address it redirects to instead.`,
        });
      }
      // 307 and 308 repeat the request; the others turn it into a GET without a body.
      if (response.status !== 307 && response.status !== 308) {
        method = 'GET';
        body = undefined;
      } else if (body instanceof ReadableStream) {
        throw new SightlineError({
          code,
          message: `${server} at ${origin} redirected a streamed request to ${next.pathname}; it cannot be sent again. Configure the address it redirects to instead.`,
        });
      }
      url = next;
      response = await send(url, {
        ...init,
        headers: init?.headers ?? first?.headers,
        signal: init?.signal ?? first?.signal,
        method,
        redirect: 'manual',
        ...(body !== undefined ? { body } : { body: undefined }),
      });
    }
  };
}
