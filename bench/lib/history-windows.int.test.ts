import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildGitHistoryFixture } from '@sightline/codebase/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWindow } from './history-windows.js';

let dir: string;
/** A bare copy of the fixture, as the fetched snapshots are. */
let bare: string;
let head: string;
let beforeRegression: string;

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  }).trim();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-windows-'));
  const fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'));
  bare = path.join(dir, 'slugger.git');
  git(dir, ['clone', '-q', '--bare', fixture.root, bare]);
  head = git(bare, ['rev-parse', 'HEAD']);
  beforeRegression = git(bare, ['rev-parse', 'v1.1.0']);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('resolveWindow (a snapshot, no checkout)', () => {
  it('resolves named versions to the tags between them, at the fix parent', async () => {
    const window = await resolveWindow(bare, head, 'Works in 1.1.0, broken in 1.2.0: empty slug.');
    expect(window).toMatchObject({
      outcome: 'resolved',
      refs: 'v1.1.0..v1.2.0',
      historyCommits: 6,
      trackedFiles: 5,
    });
    expect(window.files).toEqual(
      expect.arrayContaining([
        ['src/slugify.js', 1],
        ['README.md', 1],
      ]),
    );
    expect(window.windowCommits).toHaveLength(2);
  });

  it('says why a window does not resolve', async () => {
    const outcome = async (text: string, parent = head) =>
      (await resolveWindow(bare, parent, text)).outcome;
    expect(await outcome('Works in 2.9.0, fails in 3.0.0.')).toBe('version not tagged');
    expect(await outcome('Since 1234abcd5678 the slug is wrong.')).toBe('commit not in history');
    expect(await outcome('The slug of an empty title is wrong.')).toBe('no mention');
    // A fix made before v1.2.0 was tagged: the window ends after the fix's parent.
    expect(await outcome('Works in 1.1.0, broken in 1.2.0.', beforeRegression)).toBe(
      'window after the fix',
    );
  });
});
