import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blameRange } from './blame-range.js';
import { readChangedFilesLog } from './file-history.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';
import type { runGit } from './run-git.js';

// Listing the config's filters made to fail as a time limit or a signal would leave it, when a
// test asks (blame-ignore-revs.ts reads its own setting, which fails closed: blame does not run).
const configFails = vi.hoisted(() => ({ on: false }));
vi.mock('./run-git.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./run-git.js')>();
  return {
    ...actual,
    runGit: (...args: Parameters<typeof runGit>) =>
      configFails.on && args[1][0] === 'config' && args[1].includes('--get-regexp')
        ? Promise.resolve({ ok: false, reason: 'git took longer than 10000 ms', timedOut: true })
        : actual.runGit(...args),
  };
});

// A repository whose own config names programs: a clean filter and a textconv driver for every
// file, and gpg.program run by log.showSignature for a signed commit. None may run.
let dir: string;
let marker: string;
let program: string;
let history: GitHistory;

const git = (...args: string[]) =>
  execFileSync('git', ['-C', path.join(dir, 'repo'), ...args], { encoding: 'utf8' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-repository-programs-'));
  marker = path.join(dir, 'ran.log');
  program = path.join(dir, 'program.sh');
  await writeFile(program, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat "$1" 2>/dev/null\n`);
  await chmod(program, 0o755);
  const root = path.join(dir, 'repo');
  execFileSync('git', ['init', '-q', root]);
  git('config', 'user.name', 'A');
  git('config', 'user.email', 'a@example.com');
  await writeFile(path.join(root, 'a.js'), 'export const a = 1;\nexport const b = 2;\n');
  await writeFile(path.join(root, 'b.js'), 'export const c = 3;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Add a');
  // Signed: a commit object with a gpgsig header, made by hand.
  const tree = git('rev-parse', 'HEAD^{tree}').trim();
  const parent = git('rev-parse', 'HEAD').trim();
  const signed = `tree ${tree}\nparent ${parent}\nauthor A <a@example.com> 1700000000 +0000\ncommitter A <a@example.com> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nA signed commit\n`;
  const id = execFileSync('git', ['-C', root, 'hash-object', '-t', 'commit', '-w', '--stdin'], {
    input: signed,
    encoding: 'utf8',
  }).trim();
  git('update-ref', 'HEAD', id);
  await writeFile(
    path.join(root, '.git', 'info', 'attributes'),
    '* filter=evil diff=evil\nb.js filter=ev=il\n',
  );
  for (const [key, value] of [
    ['filter.evil.clean', program],
    // A driver whose name holds '=': `-c filter.ev=il.clean=` would set `filter.ev` instead.
    ['filter.ev=il.clean', program],
    ['diff.evil.textconv', program],
    ['log.showSignature', 'true'],
    ['gpg.program', program],
  ] as const)
    git('config', key, value);
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  history = opened.history;
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("git run for a history runs no program of the repository's config", () => {
  it('blames the work tree without its clean filter or textconv', async () => {
    await rm(marker, { force: true });
    const blamed = await blameRange(history, 'a.js', [1, 2]);
    expect(blamed?.commits.map((commit) => commit.subject)).toEqual(['Add a']);
    expect(existsSync(marker)).toBe(false);
  });

  it("blames the work tree without a clean filter whose name holds '='", async () => {
    await writeFile(path.join(dir, 'repo', 'b.js'), 'export const c = 3;\nexport const d = 4;\n');
    await rm(marker, { force: true });
    const blamed = await blameRange(history, 'b.js', [1, 1]);
    expect(blamed?.commits.map((commit) => commit.subject)).toEqual(['Add a']);
    expect(existsSync(marker)).toBe(false);
  });

  it('blames without a clean filter the config gained after an earlier blame', async () => {
    const root = path.join(dir, 'later');
    const later = (...args: string[]) => execFileSync('git', ['-C', root, ...args]);
    execFileSync('git', ['init', '-q', root]);
    later('config', 'user.name', 'A');
    later('config', 'user.email', 'a@example.com');
    await writeFile(path.join(root, 'c.js'), 'export const e = 5;\n');
    later('add', '.');
    later('commit', '-q', '-m', 'Add c');
    const first = await openGitHistory(root);
    if (!first.history) throw new Error(first.reason);
    await blameRange(first.history, 'c.js', [1, 1]);
    later('config', 'filter.late.clean', program);
    await writeFile(path.join(root, '.git', 'info', 'attributes'), '* filter=late\n');
    await writeFile(path.join(root, 'c.js'), 'export const e = 5;\nexport const f = 6;\n');
    const reopened = await openGitHistory(root);
    if (!reopened.history) throw new Error(reopened.reason);
    await rm(marker, { force: true });
    const blamed = await blameRange(reopened.history, 'c.js', [1, 1]);
    expect(blamed?.commits.map((commit) => commit.subject)).toEqual(['Add c']);
    expect(existsSync(marker)).toBe(false);
  });

  it("blames HEAD's content when the config's filters could not be read", async () => {
    const file = path.join(dir, 'repo', 'a.js');
    const reopened = await openGitHistory(path.join(dir, 'repo'));
    if (!reopened.history) throw new Error(reopened.reason);
    await writeFile(file, 'export const a = 1;\nexport const b = 2;\nexport const z = 0;\n');
    await rm(marker, { force: true });
    configFails.on = true;
    try {
      const blamed = await blameRange(reopened.history, 'a.js', [1, 2]);
      expect(blamed).toMatchObject({ commits: [{ subject: 'Add a' }], uncommitted: 0 });
      expect(existsSync(marker)).toBe(false);
    } finally {
      configFails.on = false;
      await writeFile(file, 'export const a = 1;\nexport const b = 2;\n');
    }
  });

  it('reads the log of a signed commit without gpg.program', async () => {
    await rm(marker, { force: true });
    const log = await readChangedFilesLog(history, {
      format: '%s',
      maxCommits: 5,
      timeoutMs: 30_000,
    });
    expect(log?.map(({ fields }) => fields[0])).toEqual(['A signed commit', 'Add a']);
    expect(existsSync(marker)).toBe(false);
  });
});
