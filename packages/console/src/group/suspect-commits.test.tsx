import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SuspectCommits } from './suspect-commits.js';

const id = 'a'.repeat(40);

describe('SuspectCommits', () => {
  it('shows the regression window and each suspect commit with its link', () => {
    const html = renderToStaticMarkup(
      <SuspectCommits
        history={{
          head: id,
          suspectCommits: [
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
          ],
          regressionWindow: {
            good: { ref: 'v1.1.0', id },
            bad: { ref: 'v1.2.0', id },
            summary: 'regressed between v1.1.0 and v1.2.0',
            evidence: ['1.1.0 was fine'],
            commitCount: 2,
            filesChanged: 2,
            cut: false,
            commitsTouchingSuspects: [],
          },
          notes: [],
        }}
      />,
    );
    expect(html).toContain('<code>v1.1.0</code> and <code>v1.2.0</code>');
    expect(html).toContain(`href="https://github.com/acme/slugger/commit/${id}"`);
    expect(html).toContain('src/slugify.js:2-6 (2)');
    expect(html).toContain('(in the window)');
  });
});
