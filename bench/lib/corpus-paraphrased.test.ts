import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paraphrasedCandidates } from './corpus-paraphrased.js';

const spec = { dataset: 'Paraphrased GitHub issues', under: 'issues.jsonl', licence: 'own text' };

function folderWith(lines: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paraphrased-'));
  writeFileSync(path.join(dir, spec.under), `${lines.join('\n')}\n`);
  return dir;
}

describe('paraphrasedCandidates', () => {
  it('reads each line as the issue, its pull request and the retold report', () => {
    const dir = folderWith([
      JSON.stringify({
        issue: 'https://github.com/acme/widget/issues/12',
        pr: 13,
        title: ' Crash on unmount ',
        body: 'Retold.\n\n```\nNSRangeException: index 0 beyond bounds\n```',
      }),
      '',
      JSON.stringify({ issue: 'https://github.com/acme/other/issues/4', title: 't', body: 'b' }),
    ]);
    const [first, second] = paraphrasedCandidates(spec, dir);
    expect(first).toMatchObject({
      repo: 'acme/widget',
      pr: 13,
      issue: 12,
      report: { title: 'Crash on unmount', body: expect.stringContaining('NSRangeException') },
      source: { dataset: spec.dataset, repo: '', commit: '', record: 'acme/widget#12' },
    });
    expect(second).toMatchObject({ repo: 'acme/other', pr: undefined, issue: 4 });
  });

  it('names the line that is not JSON or lacks the issue, title or body', () => {
    expect(() => paraphrasedCandidates(spec, folderWith(['{ not json']))).toThrow(
      /issues\.jsonl:1 is not JSON/,
    );
    const noIssue = JSON.stringify({ issue: 'https://example.org/12', title: 't', body: 'b' });
    expect(() => paraphrasedCandidates(spec, folderWith(['', noIssue]))).toThrow(
      /issues\.jsonl:2 needs "issue"/,
    );
    expect(() => paraphrasedCandidates(spec, mkdtempSync(path.join(tmpdir(), 'none-')))).toThrow(
      /does not exist/,
    );
  });
});
