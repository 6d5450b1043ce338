/**
 * Builds the example's page with Vite and serves it with the chat route from one Node server on
 * 127.0.0.1: what `npm start` runs, and what the end-to-end test starts with a scripted model.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { LanguageModel } from 'ai';
import { build } from 'vite';
import { createChatRoute } from './chat-route.js';

/** The example's directory (index.html, vite.config.ts). */
const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A served example; `close` stops the server and removes the build. */
export interface RunningExample {
  /** Base URL, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

/**
 * @param options - `model` for the chat route; `port` (default 0: a free one).
 * @returns the URL and `close`.
 * @throws Vite's build errors as Vite throws them; Node's listen errors (a port in use).
 */
export async function startExample({
  model,
  port = 0,
}: {
  model: LanguageModel;
  port?: number;
}): Promise<RunningExample> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-chat-route-'));
  await build({
    root: APP_ROOT,
    configFile: path.join(APP_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const app = createChatRoute(model);
  app.use('/assets/*', serveStatic({ root: outDir }));
  app.get('/', (c) => c.html(index));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () =>
      resolve(started),
    );
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
