import { describe, expect, it } from 'vitest';
import type { BlamedCommit } from './blame-range.js';
import {
  type BlamedRange,
  rankBlamedCommits,
  type SuspectCommitWeights,
} from './rank-suspect-commits.js';

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

/** The weights before any fit: the tests pin the score's form, not the fitted numbers. */
const FIRST: SuspectCommitWeights = {
  halfLifeDays: 180,
  recencyFloor: 0.25,
  rankExponent: 1,
  shareExponent: 1,
  windowWeight: 4,
  bulkFiles: Number.POSITIVE_INFINITY,
  sizeExponent: 0,
  fixWeight: 1,
};

const range = (commits: BlamedCommit[]): BlamedRange => ({
  path: 'src/a.ts',
  lines: [1, 10],
  commits,
});

describe('rankBlamedCommits', () => {
  it('ranks by share of the range and recency, and leaves out later and boundary commits', () => {
    const { commits, unattributed } = rankBlamedCommits(
      [
        range([commit('a', 6, 400), commit('b', 2, 10), commit('c', 2, -5)]),
        range([commit('d', 3, 0, true)]),
      ],
      { reportedAt: REPORTED, weights: FIRST },
    );
    expect(commits.map((entry) => entry.subject)).toEqual(['commit a', 'commit b']);
    expect(unattributed).toBe(3);
  });

  it('discounts a bulk commit (an initial import) below a focused change of fewer lines', () => {
    const blamed = [range([commit('a', 7, 30), commit('b', 3, 30)])];
    const files = new Map([
      [commit('a', 0, 0).id, 4_000],
      [commit('b', 0, 0).id, 2],
    ]);
    const plain = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      commitFiles: files,
      weights: FIRST,
    });
    expect(plain.commits[0]?.subject).toBe('commit a');
    const bounded = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      commitFiles: files,
      weights: { ...FIRST, bulkFiles: 100 },
    });
    expect(bounded.commits.map((entry) => entry.subject)).toEqual(['commit b', 'commit a']);
    // Below the bound nothing changes.
    const small = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      commitFiles: new Map([[commit('a', 0, 0).id, 80]]),
      weights: { ...FIRST, bulkFiles: 100 },
    });
    expect(small.commits[0]?.score).toBeCloseTo(plain.commits[0]?.score ?? 0);
  });

  it('weighs a commit inside the regression window more, and says so', () => {
    const blamed = [range([commit('a', 6, 30), commit('b', 4, 30)])];
    const { commits } = rankBlamedCommits(blamed, {
      reportedAt: REPORTED,
      windowCommits: new Set([commit('b', 0, 0).id]),
      weights: FIRST,
    });
    expect(commits.map((entry) => [entry.subject, entry.inWindow])).toEqual([
      ['commit b', true],
      ['commit a', false],
    ]);
  });

  it('favours small commits and weighs fix-like subjects by the weights given', () => {
    const fix = { ...commit('b', 4, 30), subject: 'Fix crash on empty input' };
    const blamed = [range([commit('a', 6, 30), fix])];
    const files = new Map([
      [commit('a', 0, 0).id, 40],
      [fix.id, 1],
    ]);
    const order = (weights: SuspectCommitWeights) =>
      rankBlamedCommits(blamed, { reportedAt: REPORTED, commitFiles: files, weights }).commits.map(
        (entry) => entry.id[0],
      );
    expect(order(FIRST)).toEqual(['a', 'b']);
    expect(order({ ...FIRST, sizeExponent: 0.5 })).toEqual(['b', 'a']);
    expect(order({ ...FIRST, fixWeight: 2 })).toEqual(['b', 'a']);
    expect(order({ ...FIRST, fixWeight: 0.5 })).toEqual(['a', 'b']);
  });
});
