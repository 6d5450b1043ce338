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
      '**Regression window:** regressed between `v2.2.1` and `v2.2.2`',
    );
    const summary =
      'the report names v2.2.2; the changes since v2.2.1, the release before it (the report does not say an earlier version worked)';
    expect(renderHistoryHeadline(withWindow(3, 2, summary))).toBe(
      '**Regression window:** the report names `v2.2.2`; the changes since `v2.2.1`, the release before it (the report does not say an earlier version worked)',
    );
  });

  it("shows the versions' names literally (a tag name may be HTML or a link)", () => {
    const history = withWindow(3, 2);
    if (!history.regressionWindow) throw new Error('no window');
    history.regressionWindow.good.ref = '<img/src=x>';
    history.regressionWindow.bad.ref = '[v2](x)`';
    for (const markdown of [renderHistoryHeadline(history), renderHistoryMarkdown(history)]) {
      expect(markdown).toContain('regressed between `<img/src=x>` and `` [v2](x)` ``');
    }
  });
});

const COMMIT = {
  id: 'c'.repeat(40),
  shortId: 'cccccccccccc',
  author: 'Mallory <img src=x onerror=alert(1)>',
  date: '2024-05-01T10:00:00Z',
  subject: 'Fix [the login](https://evil.example) ![badge](https://evil.example/x.png) <b>now</b>',
};

function withSuspectCommit(path: string): DiagnosisHistory {
  return {
    head: BAD,
    notes: [],
    suspectCommits: [{ ...COMMIT, score: 1, touches: [{ path, lines: [3, 9], changedLines: 2 }] }],
  };
}

describe('renderHistoryMarkdown and renderHistoryHeadline, with untrusted commit text', () => {
  it('shows a commit subject and author literally, never as a link, an image or HTML', () => {
    const row = renderHistoryMarkdown(withSuspectCommit('lib/a.js'))
      .split('\n')
      .find((line) => line.startsWith('| 1 |'));
    expect(row).toBe(
      '| 1 | `cccccccccccc` | `Fix [the login](https://evil.example) ![badge](https://evil.example/x.png) <b>now</b>` | `Mallory <img src=x onerror=alert(1)>` | 2024-05-01 | `lib/a.js:3-9` (2) |',
    );
    expect(renderHistoryHeadline(withSuspectCommit('lib/a.js'))).toBe(
      '**Suspect commit:** `cccccccccccc` `Fix [the login](https://evil.example) ![badge](https://evil.example/x.png) <b>now</b>` (`Mallory <img src=x onerror=alert(1)>`, 2024-05-01)',
    );
  });

  it('keeps a `|` of a subject or a file name inside its cell, and a backtick inside its code span', () => {
    const history = withSuspectCommit('lib/a|`b`.js');
    const [commit] = history.suspectCommits;
    if (commit) commit.subject = 'Use `a | b` here';
    const row = renderHistoryMarkdown(history)
      .split('\n')
      .find((line) => line.startsWith('| 1 |'));
    expect(row).toBe(
      '| 1 | `cccccccccccc` | `` Use `a \\| b` here `` | `Mallory <img src=x onerror=alert(1)>` | 2024-05-01 | `` lib/a\\|`b`.js:3-9 `` (2) |',
    );
  });

  it('keeps a subject or a file name with a backslash before a `|` inside its cell and code span', () => {
    // Found in review: `\|` was escaped to `\\|`, an escaped backslash and the cell's end for the
    // table, so "[click](…)" left its code span and rendered as a link.
    const history = withSuspectCommit('lib/a\\|[b](https://evil.example).js');
    const [commit] = history.suspectCommits;
    if (commit) commit.subject = 'tidy \\| [click](https://evil.example)';
    const row = renderHistoryMarkdown(history)
      .split('\n')
      .find((line) => line.startsWith('| 1 |'));
    expect(row).toBe(
      '| 1 | `cccccccccccc` | `tidy \\\\\\| [click](https://evil.example)` | `Mallory <img src=x onerror=alert(1)>` | 2024-05-01 | `lib/a\\\\\\|[b](https://evil.example).js:3-9` (2) |',
    );
  });

  it('shows the tag and file names of its notes as written, never as HTML or a link', () => {
    // Found in review: notes were printed raw, and they name tags ("no commit lies between v1 and
    // <img/src=x>") and files ("[a](https://evil.example).js could not be blamed").
    const history: DiagnosisHistory = {
      head: BAD,
      suspectCommits: [],
      notes: [
        'no commit lies between v1 and <img/src=x>',
        '[a](https://evil.example).js could not be blamed (not committed, or git failed)',
      ],
    };
    expect(renderHistoryMarkdown(history).split('\n').slice(-2)).toEqual([
      '- Note: no commit lies between v1 and \\<img/src=x\\>',
      '- Note: \\[a\\](https\\://evil.example).js could not be blamed (not committed, or git failed)',
    ]);
  });

  it('shows the files and words of a regression window as code spans', () => {
    const history = withWindow(1, 1);
    if (history.regressionWindow) {
      history.regressionWindow.evidence = ['broken since [v2](https://evil.example)'];
      history.regressionWindow.commitsTouchingSuspects = [{ ...COMMIT, files: ['lib/`x`.js'] }];
    }
    const markdown = renderHistoryMarkdown(history);
    expect(markdown).toContain('read from: `broken since [v2](https://evil.example)`');
    expect(markdown).toContain(
      '- `cccccccccccc` `Fix [the login](https://evil.example) ![badge](https://evil.example/x.png) <b>now</b>` (`Mallory <img src=x onerror=alert(1)>`, 2024-05-01): `` lib/`x`.js ``',
    );
  });
});
