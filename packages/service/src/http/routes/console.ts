/**
 * The console at `/`: the built files of `@sightline/console` (Vite output). Its pages are hash
 * routes (`/#/groups/<id>`); any other path that is not the API, a webhook, an asset or a file's
 * name is sent to the route of the same name (`/groups/abc` → `/#/groups/abc`). When the console
 * is not built, `/` says how to build it instead of answering 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sightline</title></head>
<body><main><h1>The console is not built</h1>
<p>Run <code>npm run build -w @sightline/console</code> (or <code>npm ci</code>, which builds it) and reload.
The JSON API works meanwhile: see <a href="/api/openapi.json">/api/openapi.json</a>.</p></main></body></html>`;

/**
 * Where the sign-in page tells its user to find the API token: the file it is kept in, or the
 * environment variable it came from. A place, never the token: the page is served without one.
 */
export type TokenLocation = { file: string } | { environment: string };

/** Options of {@link mountConsole}. */
export interface MountConsoleOptions {
  /** Where the API token is, named on the sign-in page. Default: not named (the page's default). */
  tokenLocation?: TokenLocation;
}

/** `&`, `"`, `<` and `>` as HTML entities, for an attribute's value. */
const escapeAttribute = (value: string): string =>
  value.replace(
    /[&"<>]/g,
    (char) => `&${{ '&': 'amp', '"': 'quot', '<': 'lt', '>': 'gt' }[char]};`,
  );

/**
 * The page with where the token is in a `<meta>` of its head (`sightline-token-file` or
 * `sightline-token-variable`), read by the sign-in page (a script may not be inline: CSP).
 */
export function withTokenLocation(page: string, location: TokenLocation | undefined): string {
  if (!location) return page;
  const [name, value] =
    'file' in location
      ? ['sightline-token-file', location.file]
      : ['sightline-token-variable', location.environment];
  const meta = `<meta name="${name}" content="${escapeAttribute(value)}">`;
  return page.includes('</head>') ? page.replace('</head>', `${meta}</head>`) : `${meta}${page}`;
}

/** A path whose last part names a file by its extension (`/favicon.ico`, `/a/robots.txt`). */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,10}$/;

/**
 * Adds the console's routes to `app` (after the API's, so `/api/*` and `/webhooks/*` win).
 * @param dir - the built console (Vite output); undefined serves the hint page.
 */
export function mountConsole(
  app: Hono,
  dir: string | undefined,
  { tokenLocation }: MountConsoleOptions = {},
): void {
  if (!dir) {
    app.get('/', (c) => c.html(NOT_BUILT, 503));
    return;
  }
  const root = dir;
  const index = withTokenLocation(
    fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
    tokenLocation,
  );
  app.use('/assets/*', serveStatic({ root }));
  app.get('*', (c, next) => {
    // A missing asset is a 404 (not the page, which a script tag would then run as code), as
    // API and webhook paths fall through to theirs (fresh-user trial 24); so is any other file a
    // browser or crawler asks for by name (`/favicon.ico`, `/robots.txt`: trial 25).
    const { path: asked } = c.req;
    if (asked === '/' || asked === '/index.html') return c.html(index);
    if (
      ['/api/', '/webhooks/', '/assets/'].some((prefix) => asked.startsWith(prefix)) ||
      FILE_NAME.test(asked)
    ) {
      return next();
    }
    // The app's routes are in the hash (`#/groups/<id>`): a path such as `/groups/abc` goes to
    // that route. Served there, the page's relative assets resolved under `/groups/` and it was
    // blank (fresh-user trial 26). Relative, so a console behind a proxy's sub-path stays there.
    const up = '../'.repeat(Math.max(0, asked.split('/').length - 2)) || './';
    return c.redirect(`${up}#${asked}`, 302);
  });
}
