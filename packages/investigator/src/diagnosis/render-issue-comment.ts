/**
 * A diagnosis as an issue comment: a short head (root cause, where, confidence, complexity, risk)
 * a maintainer reads at a glance (with the regression window and the most suspect commit when
 * history names them), then the full Markdown report folded in `<details>`. The service
 * and the GitHub Action post the same text; a hidden marker lets a re-run update its own comment
 * instead of posting another.
 */
import { printableText } from '@sightline/codebase';
import { codeSpan, proseText } from './markdown-text.js';
import { renderHistoryHeadline } from './render-history.js';
import { renderDiagnosisMarkdown } from './render-markdown.js';
import type { Diagnosis } from './schema.js';
import { confidenceBand, confidenceWords } from './trust-words.js';

/** The hidden first line of every Sightline issue comment. */
export const ISSUE_COMMENT_MARKER = '<!-- sightline-diagnosis -->';

/** Longest comment GitHub accepts, characters (its API refuses longer bodies). */
export const MAX_ISSUE_COMMENT_CHARS = 65_536;

/** Affected files named in the head. */
const HEAD_FILES = 3;

/**
 * Renders `diagnosis` as an issue comment (GitHub-flavoured Markdown), at most
 * {@link MAX_ISSUE_COMMENT_CHARS} characters: the folded report is cut, with a note, when longer.
 * @returns the comment text, starting with {@link ISSUE_COMMENT_MARKER}.
 */
export function renderIssueComment(diagnosis: Diagnosis): string {
  const { rootCause } = diagnosis;
  const files = diagnosis.affectedFiles.slice(0, HEAD_FILES).map((file) => {
    const symbol = file.symbol === undefined ? '' : ` (${codeSpan(file.symbol)})`;
    return `${codeSpan(`${file.path}:${file.lines[0]}-${file.lines[1]}`)}${symbol}`;
  });
  const method = diagnosis.method === 'agent' ? 'model investigation' : 'offline, no model';
  // "verified" checks the evidence, not the cause: never said without the confidence beside it.
  const band = confidenceBand(rootCause.confidence);
  const verified = `${diagnosis.verification?.verified ? 'verified' : 'not verified'} · ${band.words}, ${band.percent}%`;
  const history = diagnosis.history ? renderHistoryHeadline(diagnosis.history) : undefined;
  const head = printableText(
    [
      ISSUE_COMMENT_MARKER,
      `**Sightline diagnosis** (${method}, ${verified}): ${proseText(rootCause.summary)}`,
      '',
      `**Where:** ${files.length > 0 ? files.join(', ') : 'no file identified'}`,
      `**Confidence:** ${confidenceWords(rootCause.confidence)} · **Complexity:** ${diagnosis.complexity} · **Risk:** ${diagnosis.risk}`,
      ...(history ? [history] : []),
      '',
      '<details><summary>Full diagnosis</summary>',
      '',
      '',
    ].join('\n'),
  );
  const tail = '\n</details>\n';
  const cut = '\n\n(The report was cut here: it is longer than an issue comment may be.)\n';
  const report = renderDiagnosisMarkdown(diagnosis);
  const room = MAX_ISSUE_COMMENT_CHARS - head.length - tail.length;
  const body = report.length <= room ? report : `${report.slice(0, room - cut.length)}${cut}`;
  return `${head}${body}${tail}`;
}
