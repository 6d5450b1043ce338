import { execFileSync } from 'node:child_process';
import { chown, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from './run-git.js';
import { userSafeDirectories } from './safe-directories.js';
import { NO_GLOBAL_CONFIG, safeDirectoryConfigFile } from './safe-directory-config.js';

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
  it('reach the git that reads history as global settings, and nothing else of the global configuration does', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
    const config = path.join(dir, 'gitconfig');
    await writeFile(
      config,
      [
        '[safe]',
        '\tdirectory = /srv/checkouts/a b',
        '\tdirectory = "C:\\\\work\\\\say \\"hi\\"\\tthere"',
        '\tdirectory = /srv/other',
        '[alias]',
        '\tlog = !touch hit',
        '',
      ].join('\n'),
    );
    process.env.GIT_CONFIG_GLOBAL = config;
    const entries = ['/srv/checkouts/a b', 'C:\\work\\say "hi"\tthere', '/srv/other'];
    expect(await userSafeDirectories()).toEqual(entries);
    // In the global scope, which every git since 2.35.2 honours (the command line's only since
    // 2.38.0).
    const seen = await runGit(dir, ['config', '-z', '--show-scope', '--get-all', 'safe.directory']);
    expect(seen).toEqual({
      ok: true,
      stdout: entries.map((entry) => `global\0${entry}\0`).join(''),
    });
    const alias = await runGit(dir, ['config', '--get', 'alias.log']);
    expect(alias.ok).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'let git read a checkout another user owns (needs root, to give the checkout away)',
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
      const checkout = path.join(dir, 'checkout');
      execFileSync('git', ['init', '-q', checkout], {
        env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
      });
      await chown(checkout, 65534, 65534);
      await chown(path.join(checkout, '.git'), 65534, 65534);
      const config = path.join(dir, 'gitconfig');
      await writeFile(config, '');
      process.env.GIT_CONFIG_GLOBAL = config;
      const refused = await runGit(checkout, ['rev-parse', '--git-dir']);
      expect(refused).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/dubious ownership/),
      });
      // Another file: the entries are read once per configuration.
      const trusting = path.join(dir, 'trusting-gitconfig');
      await writeFile(trusting, `[safe]\n\tdirectory = ${checkout}\n`);
      process.env.GIT_CONFIG_GLOBAL = trusting;
      expect(await runGit(checkout, ['rev-parse', '--git-dir'])).toEqual({
        ok: true,
        stdout: '.git\n',
      });
    },
  );

  it('are written to a file of their own, mode 0600 in a folder of mode 0700, kept while it exists', async () => {
    expect(await safeDirectoryConfigFile([])).toBe(NO_GLOBAL_CONFIG);
    const entries = ['/srv/a', ''];
    const file = await safeDirectoryConfigFile(entries);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await safeDirectoryConfigFile([...entries])).toBe(file);
    // Removed by someone else: written again.
    await rm(path.dirname(file), { recursive: true });
    const again = await safeDirectoryConfigFile(entries);
    expect(again).not.toBe(file);
    expect(
      execFileSync('git', ['config', '--file', again, '-z', '--get-all', 'safe.directory'], {
        encoding: 'utf8',
      }),
    ).toBe('/srv/a\0\0');
  });

  it('are none when the user configured none', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
    const config = path.join(dir, 'empty-gitconfig');
    await writeFile(config, '');
    process.env.GIT_CONFIG_GLOBAL = config;
    expect(await userSafeDirectories()).toEqual([]);
  });
});
