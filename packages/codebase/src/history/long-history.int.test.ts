import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COUNT_BOUND, WINDOW_COMMIT_BOUND } from './history-bounds.js';
import { type GitHistory, openGitHistory } from './open-git-history.js';
import { findRegressionWindow } from './regression-window.js';

/** Commits built: more than the count bound, with v1.0.0 further back than a window reads. */
const COMMITS = HISTORY_COUNT_BOUND + 200;
const GOOD_AT = COMMITS - WINDOW_COMMIT_BOUND - 300;

/** A `git fast-import` stream: one file rewritten per commit, v1.0.0 and v2.0.0 tagged. */
function importStream(): string {
  const parts: string[] = [];
  for (let at = 1; at <= COMMITS; at += 1) {
    const content = `export const step = ${at};\n`;
    const time = 1_600_000_000 + at * 60;
    parts.push(
      'commit refs/heads/main',
      `mark :${at}`,
      `committer Dev <dev@example.com> ${time} +0000`,
      `data ${`step ${at}`.length}`,
      `step ${at}`,
      ...(at > 1 ? [`from :${at - 1}`] : []),
      `M 100644 inline src/step${at % 7}.ts`,
      `data ${Buffer.byteLength(content)}`,
      content,
    );
  }
  parts.push('reset refs/tags/v1.0.0', `from :${GOOD_AT}`, '');
  parts.push('reset refs/tags/v2.0.0', `from :${COMMITS}`, '');
  return `${parts.join('\n')}\n`;
}

const GIT_ENV = {
  PATH: process.env.PATH ?? '',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

let dir: string;
let history: GitHistory;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-long-'));
  const root = path.join(dir, 'long');
  await mkdir(root);
  const git = (args: string[], input?: string) =>
    execFileSync('git', args, {
      cwd: root,
      env: GIT_ENV,
      input,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  git(['init', '-q', '-b', 'main']);
  git(['fast-import', '--quiet'], importStream());
  git(['checkout', '-q', 'main']);
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  history = opened.history;
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a history longer than the bounds', () => {
  it('stops counting at the bound and says what is read', () => {
    expect(history.commitCount).toBe(HISTORY_COUNT_BOUND);
    expect(history.countCut).toBe(true);
    expect(history.notes.join(' ')).toMatch(
      new RegExp(`more than ${HISTORY_COUNT_BOUND} commits: blame reads the \\d+ days`),
    );
  });

  it('reads a wider regression window only up to its bound, with a note', async () => {
    const { window, notes } = await findRegressionWindow(
      history,
      'Broken since 2.0.0, fine in 1.0.0: the step is wrong.',
    );
    expect(window).toMatchObject({ good: { ref: 'v1.0.0' }, bad: { ref: 'v2.0.0' }, cut: true });
    expect(window?.commits).toHaveLength(WINDOW_COMMIT_BOUND);
    expect(notes.join(' ')).toContain(`more than ${WINDOW_COMMIT_BOUND} commits`);
  });
});
