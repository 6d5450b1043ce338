import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll } from '../testing/git-history-fixture.js';
import { readChangedFilesLog, readChangedFilesLogs } from './file-history.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';

let root: string;

async function open(folder = root): Promise<GitHistory> {
  const opened = await openGitHistory(folder);
  if (!opened.history) throw new Error(opened.reason);
  return opened.history;
}

const BOUNDS = { timeoutMs: 30_000 };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-file-history-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'a.js'), 'a\n');
  await writeFile(path.join(root, 'b.js'), 'b\n');
  commitAll(root, 'Initial import');
  await writeFile(path.join(root, 'src', 'a.js'), 'a2\n');
  // Separators of the single read's own output inside a subject and a body: each read must
  // split them as its own `git log` did.
  commitAll(root, 'Fix \x1f a \x1e crash\n\nbody \x1d with \x1e separators \x1f and\nmore');
  commitAll(root, 'An empty commit');
  await writeFile(path.join(root, 'b.js'), 'b2\n');
  await writeFile(path.join(root, 'src', 'c.js'), 'c\n');
  commitAll(root, 'Add c, change b');
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('readChangedFilesLogs', () => {
  it('gives each format what its own git log gives, each bounded by its own commit count', async () => {
    const history = await open();
    const formats = [
      { format: '%ct%x1f%s', maxCommits: 4 },
      { format: '%B', maxCommits: 3 },
      { format: '%H', maxCommits: 2 },
    ];
    const alone = await Promise.all(
      formats.map((read) => readChangedFilesLog(history, { ...read, ...BOUNDS })),
    );
    const together = await readChangedFilesLogs(history, formats, BOUNDS);
    expect(together).toEqual(alone);
    expect(together?.[0]).toHaveLength(4);
    expect(together?.[2]).toHaveLength(2);
    // The separators in the message split it as git log alone splits it (garbled alike).
    expect(together?.[1]?.some(({ fields }) => fields.join('').includes('crash'))).toBe(true);
    // Paths relative to a subfolder, as one read gives them there.
    const sub = await open(path.join(root, 'src'));
    expect(await readChangedFilesLogs(sub, formats, BOUNDS)).toEqual(
      await Promise.all(formats.map((read) => readChangedFilesLog(sub, { ...read, ...BOUNDS }))),
    );
  });

  it('fails as one read: every log absent past the output cap, and refuses a format printing NUL', async () => {
    const history = await open();
    expect(
      await readChangedFilesLogs(history, [{ format: '%B', maxCommits: 10 }], {
        ...BOUNDS,
        maxBytes: 10,
      }),
    ).toBeUndefined();
    await expect(
      readChangedFilesLogs(history, [{ format: '%s%x00', maxCommits: 1 }], BOUNDS),
    ).rejects.toThrow(/NUL/);
  });
});
