/**
 * The command file of a checkout that was never built (`npm ci` without `npm run build`) says
 * what to run, instead of Node's module-not-found stack (fresh-user trial 32: `npm run demo`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/sightline.js', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-unbuilt-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('bin/sightline.js without a build', () => {
  it('says the CLI is not built and how to build it, exit 2, no stack', () => {
    const copy = path.join(work, 'packages', 'cli', 'bin', 'sightline.js');
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(bin, copy);
    const run = spawnSync(process.execPath, [copy, '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'sightline: this copy of the CLI is not built (packages/cli/dist/main.js is missing). Run `npm run build` at the root of the checkout, then run the command again.\n',
    );
    expect(run.stdout).toBe('');
  });
});
