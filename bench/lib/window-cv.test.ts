import type { Suspect } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import { crossValidatedRanks, fitHoldsFix, goldRank, type WindowCase } from './window-cv.js';

const suspects = (...paths: string[]): Suspect[] =>
  paths.map((path, at) => ({ path, lines: [1, 5], score: 2 - at * 0.1, evidence: [] }));

const windowCase = (repo: string, gold: string, changed: string[]): WindowCase => ({
  repo,
  suspects: suspects('a.ts', 'b.ts', 'c.ts'),
  gold: [gold],
  changed: new Map(changed.map((file) => [file, 1])),
  trackedFiles: 200,
});

describe('window cross-validation', () => {
  it('fits q as the share of windows holding a fixed file', () => {
    expect(fitHoldsFix([])).toBe(0.5);
    expect(
      fitHoldsFix([windowCase('x/a', 'b.ts', ['b.ts']), windowCase('x/b', 'c.ts', ['a.ts'])]),
    ).toBe(0.5);
  });

  it("ranks each case with the q of the other repositories' cases", () => {
    const cases = [
      windowCase('x/a', 'b.ts', ['b.ts']),
      windowCase('x/a', 'c.ts', ['a.ts']),
      windowCase('x/b', 'c.ts', ['c.ts']),
    ];
    const ranks = crossValidatedRanks(cases);
    // x/a's cases see only x/b's (q = 1 → capped); x/b's sees x/a's two (q = 0.5).
    expect(ranks.map((entry) => entry.holdsFix)).toEqual([1, 1, 0.5]);
    expect(ranks.map((entry) => entry.without)).toEqual([2, 3, 3]);
    expect(ranks[0]?.with).toBe(1);
    expect(ranks[2]?.with).toBe(1);
    expect(goldRank(suspects('a.ts'), ['z.ts'])).toBe(Number.POSITIVE_INFINITY);
  });
});
