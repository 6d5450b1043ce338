import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from './run-git.js';
import { userSafeDirectories } from './safe-directories.js';

const saved = { global: process.env.GIT_CONFIG_GLOBAL, noSystem: process.env.GIT_CONFIG_NOSYSTEM };
let dir: string | undefined;
beforeEach(() => {
  // Only the test's own file: no system file of the machine running the tests.
  process.env.GIT_CONFIG_NOSYSTEM = '1';
});
afterEach(async () => {
  for (const [name, value] of [
    ['GIT_CONFIG_GLOBAL', saved.global],
    ['GIT_CONFIG_NOSYSTEM', saved.noSystem],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the user's safe.directory entries", () => {
  it('reach the git that reads history, and nothing else of the global configuration does', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
    const config = path.join(dir, 'gitconfig');
    await writeFile(
      config,
      '[safe]\n\tdirectory = /srv/checkouts/a b\n\tdirectory = /srv/other\n[alias]\n\tlog = !touch hit\n',
    );
    process.env.GIT_CONFIG_GLOBAL = config;
    expect(await userSafeDirectories()).toEqual(['/srv/checkouts/a b', '/srv/other']);
    const seen = await runGit(dir, ['config', '--get-all', 'safe.directory']);
    expect(seen).toEqual({ ok: true, stdout: '/srv/checkouts/a b\n/srv/other\n' });
    const alias = await runGit(dir, ['config', '--get', 'alias.log']);
    expect(alias.ok).toBe(false);
  });

  it('are none when the user configured none', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
    const config = path.join(dir, 'empty-gitconfig');
    await writeFile(config, '');
    process.env.GIT_CONFIG_GLOBAL = config;
    expect(await userSafeDirectories()).toEqual([]);
  });
});
