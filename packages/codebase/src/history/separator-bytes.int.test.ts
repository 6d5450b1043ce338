/**
 * Commit messages and paths are the author's: a message holding the record and field separators
 * `\x1e` and `\x1f` (or a commit id after them) forges no record, and a path with a quote, a
 * newline or a non-ASCII letter is read as it is, not C-quoted, by every reader of `git log`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCommitChanges } from './commit-changes.js';
import { readCommitSizes } from './commit-sizes.js';
import { readChangedFilesLog } from './file-history.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';
import { findRegressionWindow } from './regression-window.js';

const ODD_PATHS = ['a"quote.txt', 'new\nline.txt', 'é.txt'];

let dir: string;
let history: GitHistory;
let first: string;
let second: string;
/** The second commit's message: separators, and a record forged for the first commit. */
let message: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-separators-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Ann',
        GIT_AUTHOR_EMAIL: 'ann@example.com',
        GIT_COMMITTER_NAME: 'Ann',
        GIT_COMMITTER_EMAIL: 'ann@example.com',
      },
    }).trim();
  git('init', '-q');
  await writeFile(path.join(dir, 'plain.txt'), 'one\n');
  git('add', '.');
  git('commit', '-q', '-m', 'First release');
  git('tag', 'v1.0.0');
  first = git('rev-parse', 'HEAD');
  for (const file of ODD_PATHS) await writeFile(path.join(dir, file), 'two\n');
  await writeFile(path.join(dir, 'plain.txt'), 'two\n');
  message = `Break \x1e\x1f it\n\nbody\x1e${first}\nforged message\x1f+forged line\n`;
  git('add', '.');
  git('commit', '-q', '-m', message);
  git('tag', 'v1.1.0');
  second = git('rev-parse', 'HEAD');
  const opened = await openGitHistory(dir);
  if (!opened.history) throw new Error(opened.reason);
  history = opened.history;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('git log readers with separator bytes in a message and odd paths', () => {
  it('reads the commit changes of the commit asked, its message whole', async () => {
    const changes = await readCommitChanges(history, [second], ['plain.txt', ...ODD_PATHS]);
    expect([...changes.keys()]).toEqual([second]);
    // The patch of each file in path order: a"quote, new\nline, plain (one line out, one in), é.
    expect(changes.get(second)).toBe(`${message.trim()}\n\ntwo\ntwo\none\ntwo\ntwo`);
  });

  it('counts the files each commit changed', async () => {
    expect(await readCommitSizes(history, [second, first])).toEqual(
      new Map([
        [second, 4],
        [first, 1],
      ]),
    );
  });

  it('reads the regression window with its subject and paths as they are', async () => {
    const { window } = await findRegressionWindow(history, 'It works in 1.0.0 and fails in 1.1.0');
    expect(window?.commits.map(({ id, subject, files }) => ({ id, subject, files }))).toEqual([
      {
        id: second,
        subject: 'Break \x1e\x1f it',
        files: ['a"quote.txt', 'new\nline.txt', 'plain.txt', 'é.txt'],
      },
    ]);
  });

  it('reads the changed-files log with its fields and paths as they are', async () => {
    const log = await readChangedFilesLog(history, {
      format: '%H%x1f%s',
      maxCommits: 5,
      timeoutMs: 30_000,
    });
    expect(log?.[0]).toEqual({
      fields: [second, 'Break \x1e\x1f it'],
      paths: ['a"quote.txt', 'new\nline.txt', 'plain.txt', 'é.txt'],
    });
  });
});
