import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll } from '../testing/git-history-fixture.js';
import { blameRange } from './blame-range.js';
import { readChangedFilesLog, readChangedFilesLogs } from './file-history.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';

let root: string;

async function open(folder = root): Promise<GitHistory> {
  const opened = await openGitHistory(folder);
  if (!opened.history) throw new Error(opened.reason);
  return opened.history;
}

const BOUNDS = { timeoutMs: 30_000 };
/** A message holding the record (\x1e), group (\x1d) and unit (\x1f) separators. */
const SEPARATOR_MESSAGE =
  'Fix \x1f a \x1e crash\n\nbody \x1d with \x1e separators \x1f and\n\x1e\x1d\nmore';
/** A file name with the same bytes, a newline and a quote (git quotes it without -z). */
const ODD_NAME = 'odd \x1e\x1d\x1f\n"name".js';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-file-history-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'a.js'), 'a\n');
  await writeFile(path.join(root, 'b.js'), 'b\n');
  commitAll(root, 'Initial import');
  await writeFile(path.join(root, 'src', 'a.js'), 'a2\n');
  // Bytes once used as separators of git's output, in a subject, a body and a file name.
  await writeFile(path.join(root, ODD_NAME), 'odd\n');
  commitAll(root, SEPARATOR_MESSAGE);
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
    expect(together).toEqual({ ok: true, logs: alone });
    expect(together.ok && together.logs[0]).toHaveLength(4);
    expect(together.ok && together.logs[2]).toHaveLength(2);
    // Paths relative to a subfolder, as one read gives them there.
    const sub = await open(path.join(root, 'src'));
    expect(await readChangedFilesLogs(sub, formats, BOUNDS)).toEqual({
      ok: true,
      logs: await Promise.all(
        formats.map((read) => readChangedFilesLog(sub, { ...read, ...BOUNDS })),
      ),
    });
  });

  it('gives messages and paths holding separator bytes as git printed them', async () => {
    const history = await open();
    const read = await readChangedFilesLogs(
      history,
      [
        { format: '%ct%x1f%s', maxCommits: 10 },
        { format: '%B', maxCommits: 10 },
      ],
      BOUNDS,
    );
    const [times, messages] = read.ok ? read.logs : [];
    const subjects = times?.map(({ fields: [time, ...subject], paths }) => {
      expect(time).toMatch(/^\d+$/);
      return { subject, paths };
    });
    expect(subjects).toEqual([
      { subject: ['Add c, change b'], paths: ['b.js', 'src/c.js'] },
      { subject: ['An empty commit'], paths: [] },
      { subject: ['Fix \x1f a \x1e crash'], paths: [ODD_NAME, 'src/a.js'] },
      { subject: ['Initial import'], paths: ['b.js', 'src/a.js'] },
    ]);
    expect(messages?.map(({ fields }) => fields)).toEqual([
      ['Add c, change b\n'],
      ['An empty commit\n'],
      [`${SEPARATOR_MESSAGE}\n`],
      ['Initial import\n'],
    ]);
    // The same from the single read.
    expect(await readChangedFilesLog(history, { format: '%B', maxCommits: 10, ...BOUNDS })).toEqual(
      messages,
    );
  });

  it('reads messages as UTF-8 whatever output encoding the repository configures', async () => {
    const formats = [
      { format: '%ct%x1f%s', maxCommits: 10 },
      { format: '%B', maxCommits: 10 },
    ];
    const expected = await readChangedFilesLogs(await open(), formats, BOUNDS);
    const copy = await mkdtemp(path.join(tmpdir(), 'sightline-file-history-utf16-'));
    try {
      await cp(root, copy, { recursive: true });
      // git re-encodes messages to this on output: NUL bytes in every character.
      execFileSync('git', ['-C', copy, 'config', 'i18n.logOutputEncoding', 'UTF-16']);
      const history = await open(copy);
      expect(await readChangedFilesLogs(history, formats, BOUNDS)).toEqual(expected);
      // HEAD's time and blame's commit fields are read as UTF-8 too.
      expect(history).toMatchObject({ headTime: (await open()).headTime });
      const blamed = await blameRange(history, 'b.js', [1, 1], { since: 0 });
      expect(blamed?.commits.map((commit) => commit.subject)).toEqual(['Add c, change b']);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('fails as one read: every log absent past the output cap, which it says, and refuses a format printing NUL', async () => {
    const history = await open();
    expect(
      await readChangedFilesLogs(history, [{ format: '%B', maxCommits: 10 }], {
        ...BOUNDS,
        maxBytes: 10,
      }),
    ).toEqual({ ok: false, reason: 'git printed more than 10 bytes', outputCapped: true });
    expect(
      await readChangedFilesLog(history, { format: '%B', maxCommits: 10, ...BOUNDS, maxBytes: 10 }),
    ).toBeUndefined();
    await expect(
      readChangedFilesLogs(history, [{ format: '%s%x00', maxCommits: 1 }], BOUNDS),
    ).rejects.toThrow(/NUL/);
  });
});
