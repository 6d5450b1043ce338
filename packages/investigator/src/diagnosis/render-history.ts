/** Renders the history part of a diagnosis (suspect commits, regression window) as Markdown. */
import type { DiagnosisHistory, DiagnosisRegressionWindow } from './history-schema.js';
import { codeSpan, inlineText, literalText, tableCell } from './markdown-text.js';
import { claimsRegression, windowSentence } from './window-summary.js';

function commitName(commit: { shortId: string; url?: string }): string {
  return commit.url ? `[${codeSpan(commit.shortId)}](${commit.url})` : codeSpan(commit.shortId);
}

/**
 * Renders the history section's body.
 * @param history the diagnosis' history part.
 * @returns Markdown (no heading), without a trailing newline.
 */
export function renderHistoryMarkdown(history: DiagnosisHistory): string {
  const parts: string[] = [];
  const window = history.regressionWindow;
  if (window) {
    const touching = window.commitsTouchingSuspects.map(
      (commit) =>
        `- ${commitName(commit)} ${untrusted(commit.subject)} (${untrusted(commit.author)}, ${commit.date.slice(0, 10)}): ${commit.files.map(codeSpan).join(', ')}`,
    );
    parts.push(
      [
        `**Regression window:** ${summaryMarkdown(window)} (\`${window.good.id.slice(0, 12)}..${window.bad.id.slice(0, 12)}\`, ${window.commitCount}${window.cut ? '+' : ''} ${plural(window.commitCount, 'commit')}, ${window.filesChanged} ${plural(window.filesChanged, 'file')}), read from: ${window.evidence.map(untrusted).join('; ')}`,
        touching.length > 0
          ? `Commits in the window that touch the suspects:\n\n${touching.join('\n')}`
          : 'No commit in the window touches the suspects.',
      ].join('\n\n'),
    );
  }
  if (history.suspectCommits.length === 0) {
    parts.push(
      '**Suspect commits:** none (no commit in the history read last changed the suspect lines).',
    );
  } else {
    const rows = history.suspectCommits.map(
      (commit, index) =>
        `| ${index + 1} | ${commitName(commit)} | ${tableCell(untrusted(commit.subject))} | ${tableCell(untrusted(commit.author))} | ${commit.date.slice(0, 10)} | ${tableCell(
          commit.touches
            .map(
              (touch) =>
                `${codeSpan(`${touch.path}:${touch.lines[0]}-${touch.lines[1]}`)} (${touch.changedLines})`,
            )
            .join(', '),
        )}${commit.inWindow ? ' · in window' : ''} |`,
    );
    parts.push(
      `**Suspect commits** (last changed the suspect lines):\n\n| # | commit | subject | author | date | suspect lines changed |\n| --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
    );
  }
  // A note may name a tag or a file: shown as written, never as a link or HTML.
  if (history.notes.length > 0)
    parts.push(history.notes.map((note) => `- Note: ${literalText(note)}`).join('\n'));
  return parts.join('\n\n');
}

/**
 * One line for a short summary (an issue comment's head): the regression window and the most
 * suspect commit.
 * @returns the line, or `undefined` when history names neither.
 */
export function renderHistoryHeadline(history: DiagnosisHistory): string | undefined {
  const [first] = history.suspectCommits;
  const parts = [
    // The window's own summary: a report naming only the failing version claims no regression.
    history.regressionWindow
      ? `**Regression window:** ${summaryMarkdown(history.regressionWindow)}`
      : undefined,
    first
      ? `**Suspect commit:** ${commitName(first)} ${untrusted(first.subject)} (${untrusted(first.author)}, ${first.date.slice(0, 10)})`
      : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The window's sentence with its versions as code spans (a tag name may hold `<img/src=…>`). */
function summaryMarkdown(window: DiagnosisRegressionWindow): string {
  const words = {
    claimed: claimsRegression(window.summary),
    good: window.good.ref,
    bad: window.bad.ref,
  };
  return windowSentence(words, codeSpan);
}

/**
 * Text of the repository's history or of the report (a commit subject, an author, words the
 * regression window was read from): a code span on one line, so whatever it holds never renders
 * as a link, image or HTML.
 */
function untrusted(text: string): string {
  return codeSpan(inlineText(text));
}

/** `word` or `words` for a count. */
function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
