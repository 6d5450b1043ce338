import { execFileSync, spawn } from 'node:child_process';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from './run-git.js';
import { userSafeDirectories } from './safe-directories.js';
import { NO_GLOBAL_CONFIG, safeDirectoryConfigFile } from './safe-directory-config.js';

const saved = {
  global: process.env.GIT_CONFIG_GLOBAL,
  noSystem: process.env.GIT_CONFIG_NOSYSTEM,
  home: process.env.HOME,
};
let dir: string | undefined;
let home: string;
beforeEach(async () => {
  // Only the test's own file: no system file of the machine running the tests.
  process.env.GIT_CONFIG_NOSYSTEM = '1';
  // The generated file is kept under the home's cache: a home of the test's own.
  home = await mkdtemp(path.join(tmpdir(), 'sightline-home-'));
  process.env.HOME = home;
});
afterEach(async () => {
  for (const [name, value] of [
    ['GIT_CONFIG_GLOBAL', saved.global],
    ['GIT_CONFIG_NOSYSTEM', saved.noSystem],
    ['HOME', saved.home],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const ATTACKER = '[core]\n\tpager = touch pwned\n';
const gitValues = (file: string) =>
  execFileSync('git', ['config', '--file', file, '-z', '--get-all', 'safe.directory'], {
    encoding: 'utf8',
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

  it('are written to a file of mode 0600 in a folder of mode 0700 under the home cache, kept while it is ours', async () => {
    expect(await safeDirectoryConfigFile([])).toBe(NO_GLOBAL_CONFIG);
    const entries = ['/srv/a', ''];
    const file = await safeDirectoryConfigFile(entries);
    expect(path.dirname(file)).toBe(path.join(home, '.cache', 'sightline', 'git-config'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(gitValues(file)).toBe('/srv/a\0\0');
    expect(await safeDirectoryConfigFile([...entries])).toBe(file);
    // Removed by someone else: written again.
    await rm(path.dirname(file), { recursive: true });
    expect(await safeDirectoryConfigFile(entries)).toBe(file);
    expect(gitValues(file)).toBe('/srv/a\0\0');
  });

  it.skipIf(process.getuid?.() !== 0)(
    'are not read from a file another user owns or others may read, nor from a folder another user owns (needs root)',
    async () => {
      const entries = ['/srv/planted'];
      const file = await safeDirectoryConfigFile(entries);
      // Replaced by one of another user (uid 1234): within the process, and by a later run.
      for (const plant of [
        async () => {
          await rm(file);
          await writeFile(file, ATTACKER, { mode: 0o600 });
          await chown(file, 1234, 1234);
        },
        async () => {
          await rm(file);
          await writeFile(file, ATTACKER);
          await chmod(file, 0o644);
        },
      ]) {
        await plant();
        const again = await safeDirectoryConfigFile(entries);
        expect(await readFile(again, 'utf8')).not.toBe(ATTACKER);
        expect(gitValues(again)).toBe('/srv/planted\0');
        const stats = await lstat(again);
        expect([stats.uid, stats.mode & 0o777]).toEqual([0, 0o600]);
      }
      // The cache folder removed and re-created by uid 1234, with a file of the right name.
      const other = ['/srv/other'];
      const otherFile = await safeDirectoryConfigFile(other);
      const folder = path.dirname(otherFile);
      await rm(folder, { recursive: true });
      await mkdir(folder, { mode: 0o700 });
      await writeFile(otherFile, ATTACKER, { mode: 0o600 });
      await chown(otherFile, 1234, 1234);
      await chown(folder, 1234, 1234);
      const fallback = await safeDirectoryConfigFile(other);
      expect(path.dirname(fallback)).not.toBe(folder);
      expect(gitValues(fallback)).toBe('/srv/other\0');
      await rm(path.dirname(fallback), { recursive: true });
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    "are written to the user's folder under the temporary folder when the home cannot be used, not reused once another user re-created it (needs root)",
    async () => {
      process.env.HOME = '/dev/null/not-a-home';
      const entries = ['/srv/tmp'];
      const file = await safeDirectoryConfigFile(entries);
      expect(path.dirname(path.dirname(file))).toBe(tmpdir());
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      expect(await safeDirectoryConfigFile(entries)).toBe(file);
      // A temporary-folder cleaner removes it; uid 1234 re-creates the same path and file.
      const folder = path.dirname(file);
      await rm(folder, { recursive: true });
      await mkdir(folder, { mode: 0o700 });
      await writeFile(file, ATTACKER, { mode: 0o600 });
      await chown(file, 1234, 1234);
      await chown(folder, 1234, 1234);
      const again = await safeDirectoryConfigFile(entries);
      expect(again).not.toBe(file);
      expect(gitValues(again)).toBe('/srv/tmp\0');
      await rm(folder, { recursive: true });
      await rm(path.dirname(again), { recursive: true });
    },
  );

  it('leave no folder behind when runs interrupted by SIGTERM could not use the home', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-interrupted-'));
    const temporary = dir;
    const keeper = fileURLToPath(new URL('./__fixtures__/config-keeper.ts', import.meta.url));
    const files: string[] = [];
    for (let run = 0; run < 2; run += 1) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--conditions=@sightline/source', keeper, '/srv/interrupted'],
        {
          env: { ...process.env, HOME: '/dev/null/not-a-home', TMPDIR: temporary },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      files.push(
        await new Promise<string>((resolve) => {
          let printed = '';
          child.stdout.on('data', (chunk: Buffer) => {
            printed += chunk.toString();
            if (printed.endsWith('\n')) resolve(printed.trim());
          });
        }),
      );
      child.kill('SIGTERM');
      await exited;
    }
    expect(gitValues(files[0] ?? '')).toBe('/srv/interrupted\0');
    expect(files[1]).toBe(files[0]);
    // (tsx keeps a cache folder of its own there.)
    const ours = (await readdir(temporary)).filter((name) => name.startsWith('sightline-'));
    expect(ours).toHaveLength(1);
  }, 30_000);

  it('are none when the user configured none', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-safe-'));
    const config = path.join(dir, 'empty-gitconfig');
    await writeFile(config, '');
    process.env.GIT_CONFIG_GLOBAL = config;
    expect(await userSafeDirectories()).toEqual([]);
  });
});
