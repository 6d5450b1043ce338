import { type BlamedCommit, SUSPECT_COMMIT_MODEL } from '@sightline/codebase/internal';
import { describe, expect, it } from 'vitest';
import {
  crossValidatedSzz,
  fitSuspectCommitModel,
  type SzzCase,
  szzHit,
  szzReachable,
} from './szz-fit.js';

const REPORTED = Date.parse('2025-06-01T00:00:00Z');
const id = (name: string) => name.repeat(40).slice(0, 40);

const blamed = (name: string, lines: number, daysBefore: number): BlamedCommit => ({
  id: id(name),
  author: 'Dev',
  time: REPORTED - daysBefore * 86_400_000,
  subject: name,
  lines,
  boundary: false,
});

/**
 * A fix whose ranges were mostly written by old bulk imports (`i`, `j`, `k`, newest first), the
 * culprit `c` a small recent change of a few lines: the newest-first order of a flat ranking puts
 * the imports first.
 */
const bulkFirst = (repo: string, importFiles: number): SzzCase => ({
  repo,
  reportedAt: REPORTED,
  ranges: [
    { path: 'a.ts', lines: [1, 10], commits: [blamed('i', 7, 10), blamed('c', 3, 40)] },
    { path: 'b.ts', lines: [1, 10], commits: [blamed('j', 10, 20)] },
    { path: 'e.ts', lines: [1, 10], commits: [blamed('k', 10, 30)] },
  ],
  commitFiles: new Map([
    [id('i'), importFiles],
    [id('j'), importFiles],
    [id('k'), importFiles],
    [id('c'), 3],
  ]),
  introducing: new Set([id('c')]),
});

describe('SZZ fit', () => {
  it('learns from other repositories to rank the bug-introducing commit in the top 3', () => {
    const cases = [bulkFirst('x/a', 3_000), bulkFirst('x/b', 5_000), bulkFirst('x/c', 4_000)];
    const flat = { ...SUSPECT_COMMIT_MODEL, weights: SUSPECT_COMMIT_MODEL.weights.map(() => 0) };
    expect(cases.map((item) => szzHit(item, flat))).toEqual([false, false, false]);
    const model = fitSuspectCommitModel(cases);
    expect(cases.every((item) => szzHit(item, model))).toBe(true);
    const held = crossValidatedSzz(cases);
    expect(held.map((entry) => entry.hit)).toEqual([true, true, true]);
    expect(held[0]?.model.fitted).toBe('all but x/a');
  });

  it('counts a fix none of whose blamed commits introduced the bug as out of reach', () => {
    const missed: SzzCase = { ...bulkFirst('x/a', 3), introducing: new Set([id('z')]) };
    expect(szzReachable(missed)).toBe(false);
    expect(szzReachable(bulkFirst('x/a', 3))).toBe(true);
    expect(
      crossValidatedSzz([missed, { ...missed, repo: 'x/b' }]).map((entry) => entry.hit),
    ).toEqual([false, false]);
  });
});
