/**
 * An error and the errors it wraps (`cause`), as Node's fetch and the AI SDK nest them: `fetch
 * failed` around the socket's or TLS layer's error, an `APICallError` around that.
 */

/** How deep a chain is followed: a cause that wraps itself, or a long chain, ends here. */
const MAX_DEPTH = 5;

/**
 * An error and its causes, outermost first, at most {@link MAX_DEPTH} deep.
 * @param error - anything thrown.
 */
export function* causeChain(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < MAX_DEPTH; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * The string `code`s along an error's cause chain (Node's `ECONNREFUSED`, undici's
 * `UND_ERR_SOCKET`, OpenSSL's `ERR_SSL_…`), outermost first.
 * @param error - anything thrown.
 */
export function errorCodes(error: unknown): string[] {
  return [...causeChain(error)].flatMap((current) => {
    const code = (current as { code?: unknown }).code;
    return typeof code === 'string' ? [code] : [];
  });
}
