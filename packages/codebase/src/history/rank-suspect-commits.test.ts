import { describe, expect, it } from 'vitest';
import type { BlamedCommit } from './blame-range.js';
import { rankBlamedCommits } from './rank-suspect-commits.js';
import { type BlamedRange, SUSPECT_COMMIT_FEATURES } from './suspect-commit-features.js';
import { SUSPECT_COMMIT_MODEL, type SuspectCommitModel } from './suspect-commit-model.js';

const DAY = 86_400_000;
const REPORTED = Date.parse('2025-06-01T00:00:00Z');

const commit = (id: string, lines: number, daysBefore: number, boundary = false): BlamedCommit => ({
  id: id.repeat(40).slice(0, 40),
  author: 'Dev',
  time: REPORTED - daysBefore * DAY,
  subject: `commit ${id}`,
  lines,
  boundary,
});

const range = (commits: BlamedCommit[], path = 'src/a.ts'): BlamedRange => ({
  path,
  lines: [1, 10],
  commits,
});

/** A model weighing one feature only (raw values: mean 0, scale 1). */
const only = (
  feature: (typeof SUSPECT_COMMIT_FEATURES)[number],
  weight = 1,
): SuspectCommitModel => ({
  ...SUSPECT_COMMIT_MODEL,
  mean: SUSPECT_COMMIT_FEATURES.map(() => 0),
  scale: SUSPECT_COMMIT_FEATURES.map(() => 1),
  weights: SUSPECT_COMMIT_FEATURES.map((name) => (name === feature ? weight : 0)),
});

describe('rankBlamedCommits', () => {
  it('ranks by the model, and leaves out later and boundary commits', () => {
    const blamed = [
      range([commit('a', 6, 400), commit('b', 2, 10), commit('c', 2, -5)]),
      range([commit('d', 3, 0, true)]),
    ];
    const byShare = rankBlamedCommits(blamed, { reportedAt: REPORTED, model: only('share') });
    expect(byShare.commits.map((entry) => entry.subject)).toEqual(['commit a', 'commit b']);
    expect(byShare.unattributed).toBe(3);
    const byAge = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      model: only('logAgeDays', -1),
    });
    expect(byAge.commits.map((entry) => entry.subject)).toEqual(['commit b', 'commit a']);
  });

  it('adds up a commit over the ranges it touched, and says which', () => {
    const { commits } = rankBlamedCommits(
      [range([commit('a', 4, 30)]), range([commit('a', 5, 30), commit('b', 5, 30)], 'src/b.ts')],
      { reportedAt: REPORTED, model: only('logLines') },
    );
    expect(commits[0]?.touches.map((touch) => [touch.path, touch.changedLines])).toEqual([
      ['src/a.ts', 4],
      ['src/b.ts', 5],
    ]);
    expect(commits.map((entry) => entry.subject)).toEqual(['commit a', 'commit b']);
  });

  it('marks window commits when a window is known, and breaks ties by the newer commit', () => {
    const blamed = [range([commit('a', 5, 60), commit('b', 5, 30)])];
    const flat = { ...SUSPECT_COMMIT_MODEL, weights: SUSPECT_COMMIT_FEATURES.map(() => 0) };
    const { commits } = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      windowCommits: new Set([commit('a', 0, 0).id]),
      model: flat,
    });
    expect(commits.map((entry) => [entry.subject, entry.inWindow])).toEqual([
      ['commit b', false],
      ['commit a', true],
    ]);
    const inWindow = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      windowCommits: new Set([commit('a', 0, 0).id]),
      model: only('inWindow'),
    });
    expect(inWindow.commits[0]?.subject).toBe('commit a');
  });

  it('reads bulk commits and subjects into their features', () => {
    const format = { ...commit('b', 5, 30), subject: 'Reformat with prettier' };
    const blamed = [range([commit('a', 5, 30), format])];
    const files = new Map([
      [commit('a', 0, 0).id, 2],
      [format.id, 400],
    ]);
    const order = (model: SuspectCommitModel) =>
      rankBlamedCommits(blamed, { reportedAt: REPORTED, commitFiles: files, model }).commits.map(
        (entry) => entry.id[0],
      );
    expect(order(only('bulk', -1))).toEqual(['a', 'b']);
    expect(order(only('bulk'))).toEqual(['b', 'a']);
    expect(order(only('formatSubject', -1))).toEqual(['a', 'b']);
  });

  it("reads how well a commit's change matches the report into its feature", () => {
    const blamed = [range([commit('a', 5, 30), commit('b', 5, 30)])];
    const reportMatch = new Map([[commit('a', 0, 0).id, 1]]);
    const order = (weight: number) =>
      rankBlamedCommits(blamed, {
        reportedAt: REPORTED,
        reportMatch,
        model: only('reportMatch', weight),
      }).commits.map((entry) => entry.id[0]);
    expect(order(1)).toEqual(['a', 'b']);
    expect(order(-1)).toEqual(['b', 'a']);
  });

  it('reads whether a commit last changed a line a stack frame names into its feature', () => {
    const at = (id: string, lineNumbers: number[]) => ({
      ...commit(id, lineNumbers.length, 30),
      lineNumbers,
    });
    const blamed = [
      range([at('a', [1, 2, 3]), at('b', [4, 5])]),
      range([at('c', [7])], 'src/b.ts'),
    ];
    const order = (frameLines: Map<string, number[]>) =>
      rankBlamedCommits(blamed, {
        reportedAt: REPORTED,
        frameLines,
        model: only('frameLine'),
      }).commits.map((entry) => entry.id[0]);
    expect(order(new Map([['src/a.ts', [5]]]))).toEqual(['b', 'a', 'c']);
    // The frame's line in another file is not this range's line 7.
    expect(
      order(
        new Map([
          ['src/a.ts', [7]],
          ['src/b.ts', [7]],
        ]),
      ),
    ).toEqual(['c', 'a', 'b']);
    expect(order(new Map())).toEqual(['a', 'b', 'c']);
  });

  it('refuses a model of other features', () => {
    expect(() =>
      rankBlamedCommits([range([commit('a', 5, 30)])], {
        reportedAt: REPORTED,
        model: { ...SUSPECT_COMMIT_MODEL, features: ['share'] },
      }),
    ).toThrow(/refit it with npm run bench:history/);
  });
});
