import type { DiagnosisHistory } from '@sightline/investigator';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SuspectCommits } from './suspect-commits.js';

const id = 'a'.repeat(40);

type Window = NonNullable<DiagnosisHistory['regressionWindow']>;

/** The group page's history part: a regression window (v1.1.0..v1.2.0 unless given), commits. */
function renderWindow(
  window: Partial<Window>,
  suspectCommits: DiagnosisHistory['suspectCommits'] = [],
): string {
  return renderToStaticMarkup(
    <SuspectCommits
      history={{
        head: id,
        suspectCommits,
        regressionWindow: {
          good: { ref: 'v1.1.0', id },
          bad: { ref: 'v1.2.0', id },
          summary: 'regressed between v1.1.0 and v1.2.0',
          evidence: ['1.1.0 was fine'],
          commitCount: 2,
          filesChanged: 2,
          cut: false,
          commitsTouchingSuspects: [],
          ...window,
        },
        notes: [],
      }}
    />,
  );
}

describe('SuspectCommits', () => {
  it('shows the regression window and each suspect commit with its link', () => {
    const html = renderWindow({}, [
      {
        id,
        shortId: id.slice(0, 12),
        author: 'Dana Regress',
        date: '2024-03-01T00:00:00.000Z',
        subject: 'Split titles into words',
        url: `https://github.com/acme/slugger/commit/${id}`,
        score: 1,
        touches: [{ path: 'src/slugify.js', lines: [2, 6], changedLines: 2 }],
        inWindow: true,
      },
    ]);
    expect(html).toContain(
      '<strong>Regression window:</strong> regressed between v1.1.0 and v1.2.0 (2 commits, 2 files;',
    );
    expect(html).toContain(`href="https://github.com/acme/slugger/commit/${id}"`);
    expect(html).toContain('src/slugify.js:2-6 (2)');
    expect(html).toContain('(in the window)');
  });

  it('lists the window commits that touch the suspects and counts in the singular for one', () => {
    const other = 'b'.repeat(40);
    const html = renderWindow({
      good: { ref: 'v8.14.0', id },
      bad: { ref: 'v8.14.1', id: other },
      summary: 'regressed between v8.14.0 and v8.14.1',
      evidence: ['acorn 8.14.1'],
      commitCount: 1,
      filesChanged: 1,
      commitsTouchingSuspects: [
        {
          id: other,
          shortId: other.slice(0, 12),
          author: 'Bob',
          date: '2026-12-02T17:46:31.000Z',
          subject: 'bin: tweak printing of results',
          files: ['dist/bin.js'],
        },
      ],
    });
    expect(html).toContain('(1 commit, 1 file; read from');
    expect(html).toContain('Commits in the window that touch the suspects');
    expect(html).toMatch(
      /<li><code>bbbbbbbbbbbb<\/code> bin: tweak printing of results \(Bob, 2026-12-02\): dist\/bin\.js<\/li>/,
    );
  });

  it('shows a window the report does not claim as a regression by its own summary', () => {
    const summary =
      'the report names v1.2.0; the changes since v1.1.0, the release before it (the report does not say an earlier version worked)';
    const html = renderWindow({ summary, evidence: ['slugify 1.2.0 throws'] });
    expect(html).toContain(`<strong>Regression window:</strong> ${summary} (2 commits, 2 files;`);
    expect(html).not.toMatch(/regressed/i);
  });

  it('says when no window commit touches the suspects and marks a cut window', () => {
    const html = renderWindow({
      good: { ref: 'v1.0.0', id },
      bad: { ref: 'v2.0.0', id },
      summary: 'regressed between v1.0.0 and v2.0.0',
      evidence: ['since 2.0'],
      commitCount: 500,
      filesChanged: 40,
      cut: true,
    });
    expect(html).toContain('(500+ commits, 40 files;');
    expect(html).toContain('No commit in the window touches the suspects.');
  });
});
