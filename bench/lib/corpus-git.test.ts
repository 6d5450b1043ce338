import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closesIssue, findFixCommit, subjectNamesIssue } from './corpus-git.js';

describe('closesIssue', () => {
  it('reads closing words before the number or the issue URL', () => {
    expect(closesIssue('Handle empty input\n\nFixes #12', 12)).toBe(true);
    expect(closesIssue('resolves: #12', 12)).toBe(true);
    expect(closesIssue('Fixed issue #12 in the parser', 12)).toBe(true);
    expect(closesIssue('Fixing #12 (a) the filter', 12)).toBe(true);
    expect(closesIssue('Fix for Issue: 12', 12)).toBe(true);
    expect(closesIssue('closes https://github.com/acme/widget/issues/12', 12)).toBe(true);
  });

  it('does not take another number or a mention without a closing word', () => {
    expect(closesIssue('Fixes #123', 12)).toBe(false);
    expect(closesIssue('See #12 for the background', 12)).toBe(false);
    expect(closesIssue('Fixes 12 warnings', 12)).toBe(false);
  });
});

describe('subjectNamesIssue', () => {
  it('reads the subject conventions that link without a closing word', () => {
    for (const subject of [
      'Issue #12: guard the empty list',
      'issue 12 - guard the empty list',
      '#12: guard the empty list',
      '[#12] guard the empty list',
      '(#12) guard the empty list',
      'GH-12: guard the empty list',
    ])
      expect(subjectNamesIssue(subject, 12), subject).toBe(true);
  });

  it('ignores a number further in the subject, another number, and version-like prefixes', () => {
    expect(subjectNamesIssue('Guard the empty list (#12)', 12)).toBe(false);
    expect(subjectNamesIssue('#123: guard the empty list', 12)).toBe(false);
    expect(subjectNamesIssue('Issue #12345: other', 12)).toBe(false);
    expect(subjectNamesIssue('12: guard the empty list', 12)).toBe(false);
  });
});

describe('findFixCommit by subject', () => {
  let dir: string;
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@example.invalid',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@example.invalid',
      },
    }).trim();
  const commit = async (file: string, text: string, message: string) => {
    await writeFile(path.join(dir, file), text);
    git('add', file);
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-corpus-git-'));
    git('init', '-q');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the one commit whose subject names the issue, with its parent', async () => {
    const base = await commit('a.js', 'one\n', 'start');
    const fix = await commit('a.js', 'two\n', 'Issue #7: keep the list when it is empty');
    await commit('b.js', 'x\n', 'Unrelated (#7)');
    expect(await findFixCommit(path.join(dir, '.git'), { issue: 7 })).toEqual({
      fix,
      parent: base,
      via: 'subject',
    });
  });

  it('takes no commit when several different subjects name the issue (a series)', async () => {
    await commit('a.js', 'one\n', 'start');
    await commit('a.js', 'two\n', '#7: first part');
    await commit('a.js', 'three\n', '#7: second part');
    expect(await findFixCommit(path.join(dir, '.git'), { issue: 7 })).toBeUndefined();
  });

  it("reads a message that holds git's record and field separators as its own commit's", async () => {
    const base = await commit('a.js', 'one\n', 'start');
    const other = await commit('a.js', 'two\n', 'Unrelated change');
    // The message forges a record: `other`, with `base` as its parent, closing #9.
    const forger = await commit('b.js', 'x\n', `Tidy\n\n\x1e1 ${other} ${base}\x1fFixes #9`);
    expect(await findFixCommit(path.join(dir, '.git'), { issue: 9 })).toEqual({
      fix: forger,
      parent: other,
      via: 'closes',
    });
  });

  it('prefers a closing word over a subject link', async () => {
    await commit('a.js', 'one\n', 'start');
    await commit('a.js', 'two\n', '#7: first attempt');
    const closing = await commit('a.js', 'three\n', 'Keep the list\n\nFixes #7');
    const found = await findFixCommit(path.join(dir, '.git'), { issue: 7 });
    expect(found?.fix).toBe(closing);
    expect(found?.via).toBe('closes');
  });
});
