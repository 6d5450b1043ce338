/**
 * The built CLI (`packages/cli/dist`, what `npm ci` and the packed tarball run) serves the console
 * at `/`: the console's files are found beside the bundle, not only in the workspace.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../../bin/sightline.js', import.meta.url));
const builtMain = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const builtConsole = fileURLToPath(new URL('../../../../console/dist/index.html', import.meta.url));
const built = fs.existsSync(builtMain) && fs.existsSync(builtConsole);

let child: ChildProcess | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-serve-built-'));
afterAll(() => {
  child?.kill('SIGINT');
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts the built `sightline serve` on any free port; resolves with its URL. */
function startBuilt(): Promise<string> {
  const repo = path.join(work, 'repo');
  fs.mkdirSync(repo);
  fs.writeFileSync(path.join(repo, 'index.js'), 'export const answer = 42;\n');
  child = spawn(
    process.execPath,
    [bin, 'serve', '--repo', repo, '--data', path.join(work, 'data'), '--port', '0'],
    { env: { ...process.env, SIGHTLINE_MODEL: '' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    child?.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /sightline serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
      if (url) resolve(url);
    });
    child?.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

describe.skipIf(!built)(
  `the built sightline serve${built ? '' : ' (skipped: run npm run build first)'}`,
  () => {
    it('serves the console at /', async () => {
      const url = await startBuilt();
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root">/);
    });
  },
);
