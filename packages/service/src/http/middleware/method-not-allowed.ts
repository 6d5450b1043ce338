/**
 * The not-found answer that tells a wrong method from a wrong path: a path of the API or the
 * webhooks that some route takes, asked with a method none takes (`DELETE /api/groups`), gets
 * 405 with an `Allow` header (RFC 9110, section 15.5.6) instead of 404 "No route".
 */
import type { Context, NotFoundHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import { errorResponse, notFound } from './errors.js';

/** Paths whose routes are matched for a 405 (the console's catch-all GET is left out). */
const ROUTED_PATHS = /^\/(api|webhooks)(\/|$)/;

/**
 * Creates the app's not-found handler.
 * @param routes - the app's routes (`app.routes`), read at the first not-found request, once every
 *   route is registered; middleware (method `ALL`) is left out.
 * @returns a handler answering 405 with `Allow` (the methods the path takes, comma-separated)
 *   when the path is routed, else 404 as {@link notFound}.
 */
export function createNotFoundHandler(routes: () => readonly RouterRoute[]): NotFoundHandler {
  let routed: { router: TrieRouter<string>; methods: string[] } | undefined;
  const build = () => {
    const router = new TrieRouter<string>();
    const methods = new Set<string>();
    for (const { method, path } of routes()) {
      if (method === 'ALL' || !ROUTED_PATHS.test(path)) continue;
      router.add(method, path, method);
      methods.add(method);
    }
    return { router, methods: [...methods] };
  };
  return (c: Context) => {
    routed ??= build();
    const { router, methods } = routed;
    const allowed = methods.filter((method) => router.match(method, c.req.path)[0].length > 0);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return notFound(c);
    c.header('Allow', allowed.join(', '));
    return errorResponse(
      c,
      405,
      'METHOD_NOT_ALLOWED',
      `${c.req.path} takes ${allowed.join(', ')}, not ${c.req.method}.`,
    );
  };
}
