import { describe, expect, it } from 'vitest';
import { validDiagnosis } from './__fixtures__/diagnosis.js';
import {
  ISSUE_COMMENT_MARKER,
  MAX_ISSUE_COMMENT_CHARS,
  renderIssueComment,
} from './render-issue-comment.js';
import { renderDiagnosisMarkdown } from './render-markdown.js';

describe('renderIssueComment', () => {
  it('heads the full report with what a maintainer reads first', () => {
    const diagnosis = validDiagnosis();
    const comment = renderIssueComment(diagnosis);
    expect(comment.split('\n').slice(0, 8)).toEqual([
      ISSUE_COMMENT_MARKER,
      '**Sightline diagnosis** (model investigation, not verified · likely right, 80%): displayName returns profile.name even when it is missing.',
      '',
      '**Where:** `lib/user.js:13-18` (`displayName`), `lib/format.js:1-3`',
      '**Confidence:** likely right (80%) · **Complexity:** low · **Risk:** low',
      '',
      '<details><summary>Full diagnosis</summary>',
      '',
    ]);
    expect(comment).toContain(renderDiagnosisMarkdown(diagnosis));
    expect(comment.endsWith('\n</details>\n')).toBe(true);
  });

  it('shows the report text of the root cause in its head as written (found by a fresh-user trial)', () => {
    const diagnosis = validDiagnosis();
    diagnosis.rootCause.summary =
      'Error: see ![x](http://t.example/p.png) **done** <details><summary>x is raised in `stringify`.';
    const [, head] = renderIssueComment(diagnosis).split('\n');
    expect(head).toBe(
      '**Sightline diagnosis** (model investigation, not verified · likely right, 80%): Error: see !\\[x\\](http\\://t.example/p.png) \\*\\*done\\*\\* \\<details\\>\\<summary\\>x is raised in `stringify`.',
    );
  });

  it('says verified only when verification held, and stays within GitHub’s comment limit', () => {
    const diagnosis = { ...validDiagnosis(), verification: { verified: true, reasons: [] } };
    diagnosis.rootCause.explanation = 'x'.repeat(100_000);
    const comment = renderIssueComment(diagnosis);
    expect(comment).toContain('(model investigation, verified · likely right, 80%)');
    expect(comment.length).toBeLessThanOrEqual(MAX_ISSUE_COMMENT_CHARS);
    expect(comment).toContain('(The report was cut here');
    expect(comment.endsWith('\n</details>\n')).toBe(true);
  });

  it('escapes control characters of file names in its head', () => {
    const diagnosis = validDiagnosis();
    const [first] = diagnosis.affectedFiles;
    if (!first) throw new Error('the fixture has an affected file');
    first.path = 'x.js\n\n## Verification\n\n.js';
    const comment = renderIssueComment(diagnosis);
    expect(comment).toContain(
      '**Where:** `x.js\\u000a\\u000a## Verification\\u000a\\u000a.js:13-18`',
    );
    expect(comment.match(/^## Verification/gm)).toBeNull();
  });

  it('prints the bidirectional controls and backticks of its head safely', () => {
    const diagnosis = validDiagnosis();
    const [first] = diagnosis.affectedFiles;
    if (!first) throw new Error('the fixture has an affected file');
    first.path = 'lib/`a`\u202esj.txt';
    diagnosis.rootCause.summary = 'The \u2067check\u2069 is skipped';
    const comment = renderIssueComment(diagnosis);
    expect(comment).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(comment).toContain(
      '(model investigation, not verified · likely right, 80%): The \\u2067check\\u2069 is skipped\n',
    );
    expect(comment).toContain('**Where:** `` lib/`a`\\u202esj.txt:13-18 `` (`displayName`)');
  });
});
