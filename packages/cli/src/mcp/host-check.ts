/**
 * DNS-rebinding protection for the HTTP transport. A web page the user visits can make the
 * browser send requests to 127.0.0.1 under a hostname the attacker controls; refusing any `Host`
 * (and any browser `Origin`) other than the loopback names stops it. The MCP specification asks
 * servers to validate `Origin` and to bind to localhost
 * (modelcontextprotocol.io/specification/2025-06-18/basic/transports#security-warning); the SDK's
 * `localhostHostValidation` middleware (Express only) allows the same three names.
 */

/** Hostnames of the loopback interface a local client may use. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether `host` is a loopback address or name.
 * @param host - an address to bind to, e.g. `127.0.0.1`, `::1`, `0.0.0.0`.
 * @returns true for the loopback names (IPv4 127.0.0.0/8 included).
 */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The hostname of a `Host` header or an origin URL, or `undefined` when it does not parse. */
function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Checks a request's `Host` and `Origin` headers against the hostnames the server answers to.
 * @param headers - the request's `host` and `origin` headers (absent `origin`: not a browser).
 * @param allowed - hostnames allowed, e.g. {@link LOOPBACK_HOSTNAMES}, or `undefined` to allow any
 *   (the server was bound to a non-loopback address on purpose).
 * @returns `undefined` when the request may proceed, else why it is refused.
 */
export function checkHostHeaders(
  headers: { host?: string | undefined; origin?: string | undefined },
  allowed: readonly string[] | undefined,
): string | undefined {
  if (allowed === undefined) return undefined;
  const host = headers.host === undefined ? undefined : hostnameOf(headers.host);
  if (host === undefined || !allowed.includes(host)) {
    return `Host "${headers.host ?? ''}" is not allowed: this server answers only to ${allowed.join(', ')}.`;
  }
  if (headers.origin !== undefined) {
    const origin = hostnameOf(headers.origin);
    if (origin === undefined || !allowed.includes(origin)) {
      return `Origin "${headers.origin}" is not allowed: only pages served from ${allowed.join(', ')} may call this server.`;
    }
  }
  return undefined;
}
