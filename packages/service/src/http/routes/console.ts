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

/** A path whose last part names a file by its extension (`/favicon.ico`, `/a/robots.txt`). */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,10}$/;

/**
 * Adds the console's routes to `app` (after the API's, so `/api/*` and `/webhooks/*` win).
 * @param dir - the built console (Vite output); undefined serves the hint page.
 */
export function mountConsole(app: Hono, dir: string | undefined): void {
  if (!dir) {
    app.get('/', (c) => c.html(NOT_BUILT, 503));
    return;
  }
  const root = dir;
  const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
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
