/**
 * Runs an installed app's own Vite dev server (its `node_modules/.bin/vite`) on a free port of
 * 127.0.0.1, as a developer's `npm run dev` would, for tests that edit files under it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A running dev server; `close` stops it. */
export interface DevServer {
  /** e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no TCP port for the dev server');
  return address.port;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts `vite` in `app` and waits until it answers.
 * @param app - the app's folder (with `node_modules/.bin/vite` and `index.html`).
 * @param timeoutMs - how long to wait for the first answer, in ms. Default 60,000.
 * @returns its URL and `close`.
 * @throws Error with the server's output when it exits or does not answer in time.
 */
export async function startDevServer(app: string, timeoutMs = 60_000): Promise<DevServer> {
  const port = await freePort();
  const child = spawn(
    path.join(app, 'node_modules', '.bin', 'vite'),
    ['--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, close: () => stop(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop(child);
  throw new Error(`vite dev server in ${app} did not answer on ${url}:\n${output}`);
}
