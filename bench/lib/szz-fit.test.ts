import { type BlamedCommit, SUSPECT_COMMIT_WEIGHTS } from '@sightline/codebase/internal';
import { describe, expect, it } from 'vitest';
import {
  crossValidatedSzz,
  fitWeights,
  type SzzCase,
  szzHit,
  szzRanks,
  szzReachable,
} from './szz-fit.js';

const REPORTED = Date.parse('2025-06-01T00:00:00Z');
const id = (name: string) => name.repeat(40).slice(0, 40);

const blamed = (name: string, lines: number): BlamedCommit => ({
  id: id(name),
  author: 'Dev',
  time: REPORTED - 30 * 86_400_000,
  subject: name,
  lines,
  boundary: false,
});

/** A fix whose top range was mostly written by a bulk import (`i`), the culprit `c` after it. */
const bulkFirst = (repo: string, importFiles: number): SzzCase => ({
  repo,
  reportedAt: REPORTED,
  ranges: [
    { path: 'a.ts', lines: [1, 10], commits: [blamed('i', 7), blamed('c', 3)] },
    { path: 'b.ts', lines: [1, 10], commits: [blamed('d', 10)] },
    { path: 'e.ts', lines: [1, 10], commits: [blamed('e', 10)] },
  ],
  commitFiles: new Map([
    [id('i'), importFiles],
    [id('c'), 3],
    [id('d'), 5],
    [id('e'), 2],
  ]),
  introducing: new Set([id('c')]),
});

const FIRST = {
  ...SUSPECT_COMMIT_WEIGHTS,
  halfLifeDays: 180,
  recencyFloor: 0.25,
  rankExponent: 1,
  shareExponent: 1,
  bulkFiles: Number.POSITIVE_INFINITY,
  sizeExponent: 0,
  fixWeight: 1,
};

describe('SZZ fit', () => {
  it('finds weights under which the bug-introducing commit ranks in the top 3, fitted across repositories', () => {
    const cases = [bulkFirst('x/a', 3_000), bulkFirst('x/b', 5_000), bulkFirst('x/c', 4_000)];
    expect(cases.map((item) => szzHit(item, FIRST))).toEqual([false, false, false]);
    const ranks = szzRanks(cases);
    const weights = fitWeights(ranks, [0, 1, 2]);
    expect(cases.every((item) => szzHit(item, weights))).toBe(true);
    expect(crossValidatedSzz(cases, ranks).map((entry) => entry.hit)).toEqual([true, true, true]);
  });

  it('keeps the shipped weights when no combination gains (ties go to the least change)', () => {
    const missed: SzzCase = { ...bulkFirst('x/a', 3), introducing: new Set([id('z')]) };
    expect(szzReachable(missed)).toBe(false);
    expect(fitWeights(szzRanks([missed]), [0])).toEqual(SUSPECT_COMMIT_WEIGHTS);
    expect(crossValidatedSzz([missed, { ...missed, repo: 'x/b' }])).toEqual([
      { hit: false, weights: SUSPECT_COMMIT_WEIGHTS },
      { hit: false, weights: SUSPECT_COMMIT_WEIGHTS },
    ]);
  });
});
