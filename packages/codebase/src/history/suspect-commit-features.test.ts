import { describe, expect, it } from 'vitest';
import { commitCandidates, SUSPECT_COMMIT_FEATURES } from './suspect-commit-features.js';

const REPORTED = Date.parse('2025-06-01T00:00:00Z');

/** The moveSubject feature of a lone commit with this subject. */
function moveSubject(subject: string): number | undefined {
  const { candidates } = commitCandidates(
    [
      {
        path: 'src/a.ts',
        lines: [1, 10],
        commits: [
          {
            id: 'a'.repeat(40),
            author: 'Dev',
            time: REPORTED - 1,
            subject,
            lines: 4,
            boundary: false,
          },
        ],
      },
    ],
    { reportedAt: REPORTED },
  );
  return candidates[0]?.features[SUSPECT_COMMIT_FEATURES.indexOf('moveSubject')];
}

describe('commitCandidates subject features', () => {
  it('reads moves and renames from the subject', () => {
    expect(moveSubject('Move the parser into its own module')).toBe(1);
    expect(moveSubject('Rename Reader to StreamReader')).toBe(1);
  });

  it('does not take an ordinary change mentioning "split" for a move', () => {
    expect(moveSubject('Split long lines before wrapping')).toBe(0);
    expect(moveSubject('Fix splitting of quoted arguments')).toBe(0);
    expect(moveSubject('Handle splits of an empty string')).toBe(0);
  });
});

describe('commitCandidates newestInRange', () => {
  const DAY = 86_400_000;
  const commit = (id: string, daysBefore: number, boundary = false) => ({
    id: id.repeat(40),
    author: 'Dev',
    time: REPORTED - daysBefore * DAY,
    subject: `commit ${id}`,
    lines: 2,
    boundary,
  });

  it("credits a range's newest commit before the report, by the range's rank", () => {
    const { candidates } = commitCandidates(
      [
        { path: 'src/a.ts', lines: [1, 10], commits: [commit('a', 300), commit('b', 20)] },
        {
          path: 'src/b.ts',
          lines: [1, 10],
          commits: [commit('a', 300), commit('c', 50), commit('d', -3), commit('e', 1, true)],
        },
        { path: 'src/c.ts', lines: [1, 10], commits: [commit('f', 5)] },
      ],
      { reportedAt: REPORTED },
    );
    const at = SUSPECT_COMMIT_FEATURES.indexOf('newestInRange');
    const newest = Object.fromEntries(
      candidates.map((candidate) => [candidate.subject, candidate.features[at]]),
    );
    // A range with one commit says nothing; a later or boundary commit does not count.
    expect(newest).toEqual({ 'commit a': 0, 'commit b': 1, 'commit c': 0.5, 'commit f': 0 });
  });
});
