/**
 * Serves the example app from Node through Vite's JavaScript API: the dev server (fast start,
 * modules transformed on request) or a production build served by `vite preview`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { build, createServer, preview } from 'vite';

/** The example app's directory (holds index.html and vite.config.ts). */
export const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A served app; `close` stops the server and removes any build output. */
export interface RunningApp {
  /** Base URL, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

/** Options of {@link startApp}. */
export interface StartAppOptions {
  /** `dev`: Vite dev server; `preview`: production build, then `vite preview`. Default `preview`. */
  mode?: 'dev' | 'preview';
}

const common = {
  root: APP_ROOT,
  configFile: path.join(APP_ROOT, 'vite.config.ts'),
  logLevel: 'warn',
} as const;
const server = { host: '127.0.0.1', port: 0, strictPort: true } as const;

function baseUrl(address: ReturnType<import('node:http').Server['address']> | undefined): string {
  if (!address || typeof address === 'string') {
    throw new SightlineError({
      code: 'TOOL_FAILED',
      message: 'The Vite server did not report a TCP port; check that 127.0.0.1 can be bound here.',
    });
  }
  return `http://127.0.0.1:${address.port}/`;
}

/**
 * Starts the app on a free port of 127.0.0.1.
 * @param options - `mode` (default `preview`).
 * @returns its URL and a `close` function.
 * @throws SightlineError `TOOL_FAILED` when the server has no TCP address; Vite's own errors (a
 *   failed build) as thrown by Vite.
 */
export async function startApp({ mode = 'preview' }: StartAppOptions = {}): Promise<RunningApp> {
  if (mode === 'dev') {
    const dev = await createServer({ ...common, server });
    await dev.listen();
    return { url: baseUrl(dev.httpServer?.address()), close: () => dev.close() };
  }
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-dashboard-'));
  await build({ ...common, build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
  const served = await preview({ ...common, build: { outDir }, preview: server });
  return {
    url: baseUrl(served.httpServer.address()),
    async close() {
      await served.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
