/**
 * Browser hardening of every answer: a Content-Security-Policy without inline script, `nosniff`,
 * no framing (Hono's secure-headers), and — when the service is bound to loopback — a Host check,
 * so a page on another origin cannot reach it through DNS rebinding (a name of the attacker's that
 * resolves to 127.0.0.1 arrives with that name in `Host`).
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorResponse } from './errors.js';

/** The headers: the console's scripts, styles and API calls come from its own origin only. */
export function browserHardening(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
  });
}

/** Host names that mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Refuses a request whose `Host` names anything but this machine (403 `HOST_NOT_ALLOWED`).
 * Use it only when the service listens on loopback; a public service is reached by its own names.
 */
export function loopbackHostCheck(): MiddlewareHandler {
  return async (c, next) => {
    const hostname = new URL(c.req.url).hostname.toLowerCase();
    if (LOOPBACK_NAMES.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname)) return next();
    return errorResponse(
      c,
      403,
      'HOST_NOT_ALLOWED',
      `This service listens on loopback and answers only requests addressed to localhost or 127.0.0.1, not "${hostname}" (a page of another site reaching it through DNS rebinding). Open it at http://127.0.0.1:<port>/.`,
    );
  };
}
