import { describe, expect, it } from 'vitest';
import { recordSource } from './corpus.js';
import { issueRowCandidate } from './corpus-issue-rows.js';

const dataSet = { dataset: 'InEx-Bug', repo: 'lab/inex', commit: 'c'.repeat(40), licence: 'MIT' };
const source = (key: string) => recordSource(dataSet, 'rows.jsonl', key);

const row = {
  html_url: 'https://github.com/acme/widget/issues/320',
  title: 'Crash on long chunk ',
  body: 'TypeError: x is undefined\r\n    at parse (index.js:3:1)',
  final_classification: 'Intrinsic',
  closing_pr: { number: 321, title: 'Fix long chunk' },
  closing_commit: null,
};

describe('issueRowCandidate', () => {
  it('reads a row labelled as a bug: the issue as written and the pull request that closed it', () => {
    expect(issueRowCandidate(row, source)).toEqual({
      repo: 'acme/widget',
      pr: 321,
      fixCommits: undefined,
      issue: 320,
      report: {
        title: 'Crash on long chunk',
        body: 'TypeError: x is undefined\n    at parse (index.js:3:1)',
      },
      source: recordSource(dataSet, 'rows.jsonl', 'acme/widget#320'),
    });
  });

  it('takes the closing commit when no pull request closed the issue, else neither', () => {
    const sha = 'c75480c94abae44aaaa5a4e2038f05fe3550f38f';
    const byCommit = issueRowCandidate(
      { ...row, closing_pr: null, closing_commit: { sha } },
      source,
    );
    expect([byCommit?.pr, byCommit?.fixCommits]).toEqual([undefined, [sha]]);
    const unlinked = issueRowCandidate({ ...row, closing_pr: null }, source);
    expect([unlinked?.pr, unlinked?.fixCommits, unlinked?.issue]).toEqual([
      undefined,
      undefined,
      320,
    ]);
  });

  it('skips rows that are not bugs or are not issues', () => {
    expect(
      issueRowCandidate({ ...row, final_classification: 'Not a Bug' }, source),
    ).toBeUndefined();
    expect(
      issueRowCandidate({ ...row, html_url: 'https://github.com/acme/widget/pull/321' }, source),
    ).toBeUndefined();
  });
});
