import { describe, expect, it } from 'vitest';
import type { DiagnosisHistory } from './history-schema.js';
import { renderHistoryHeadline, renderHistoryMarkdown } from './render-history.js';

const GOOD = 'a'.repeat(40);
const BAD = 'b'.repeat(40);

function withWindow(
  commitCount: number,
  filesChanged: number,
  summary = 'regressed between v2.2.1 and v2.2.2',
): DiagnosisHistory {
  return {
    head: BAD,
    suspectCommits: [],
    notes: [],
    regressionWindow: {
      summary,
      evidence: ['works in 2.2.1 but fails since 2.2.2'],
      good: { ref: 'v2.2.1', id: GOOD },
      bad: { ref: 'v2.2.2', id: BAD },
      commitCount,
      filesChanged,
      cut: false,
      commitsTouchingSuspects: [],
    },
  } as DiagnosisHistory;
}

describe('renderHistoryMarkdown', () => {
  it('counts the window in words that agree with the number (1 commit, 2 commits)', () => {
    expect(renderHistoryMarkdown(withWindow(1, 1))).toContain(
      '`aaaaaaaaaaaa..bbbbbbbbbbbb`, 1 commit, 1 file)',
    );
    expect(renderHistoryMarkdown(withWindow(3, 2))).toContain(
      '`aaaaaaaaaaaa..bbbbbbbbbbbb`, 3 commits, 2 files)',
    );
  });
});

describe('renderHistoryHeadline', () => {
  it('names the window by its summary: a report naming only the failing version claims no regression', () => {
    expect(renderHistoryHeadline(withWindow(3, 2))).toBe(
      '**Regression window:** regressed between v2.2.1 and v2.2.2',
    );
    const summary =
      'the report names v2.2.2; the changes since v2.2.1, the release before it (the report does not say an earlier version worked)';
    expect(renderHistoryHeadline(withWindow(3, 2, summary))).toBe(
      `**Regression window:** ${summary}`,
    );
  });
});
