import type { Suspect } from '@sightline/investigator';
import { describe, expect, it } from 'vitest';
import {
  crossValidatedRanks,
  fitHoldsFix,
  fitTemperature,
  goldRank,
  type WindowCase,
} from './window-cv.js';

const suspects = (...paths: string[]): Suspect[] =>
  paths.map((path, at) => ({ path, lines: [1, 5], score: 2 - at * 0.1, evidence: [] }));

const windowCase = (
  repo: string,
  gold: string,
  changed: string[],
  matched: string[] = [],
): WindowCase => ({
  repo,
  suspects: suspects('a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'),
  gold: [gold],
  changed: new Map(changed.map((file) => [file, 1])),
  matched: new Map(matched.map((file) => [file, 1])),
  trackedFiles: 200,
});

describe('window cross-validation', () => {
  it('fits q by maximum likelihood, crediting a wrong window with what it changed by chance', () => {
    expect(fitHoldsFix([])).toBe(0.5);
    // Narrow windows: one right, one wrong → q near one half.
    const narrow = [windowCase('x/a', 'b.ts', ['b.ts']), windowCase('x/b', 'c.ts', ['a.ts'])];
    expect(fitHoldsFix(narrow)).toBeGreaterThan(0.3);
    expect(fitHoldsFix(narrow)).toBeLessThan(0.5);
    // Windows that changed every candidate hold the fix mostly by chance: they raise q less than
    // narrow windows holding it.
    const wide = windowCase('x/c', 'c.ts', ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts']);
    const right = windowCase('x/c', 'c.ts', ['c.ts']);
    const withWide = fitHoldsFix([...narrow, wide, wide, wide]);
    expect(withWide).toBeGreaterThan(fitHoldsFix(narrow));
    expect(withWide).toBeLessThan(fitHoldsFix([...narrow, right, right, right]) - 0.1);
  });

  it('fits the temperature at which the scores predict the fixed file', () => {
    const ranked = (gold: string) => ({
      repo: 'x/a',
      suspects: suspects('a.ts', 'b.ts'),
      gold: [gold],
    });
    // The first suspect is right in 3 of 4 cases: a score gap of 0.1 is log 3 in log-odds.
    const temperature = fitTemperature([
      ranked('a.ts'),
      ranked('a.ts'),
      ranked('a.ts'),
      ranked('b.ts'),
    ]);
    expect(temperature).toBeCloseTo(0.1 / Math.log(3), 1);
    expect(fitTemperature([])).toBe(1);
  });

  it("ranks each case with the fits of the other repositories' cases", () => {
    const cases = [
      windowCase('x/a', 'b.ts', ['b.ts']),
      windowCase('x/a', 'c.ts', ['a.ts']),
      windowCase('x/b', 'c.ts', ['c.ts']),
    ];
    const ranked = cases.map(({ repo, suspects: list, gold }) => ({ repo, suspects: list, gold }));
    const ranks = crossValidatedRanks(cases, ranked);
    // x/a's cases see only x/b's (a narrow window, right); x/b's sees x/a's two (one right).
    expect(ranks[0]?.holdsFix).toBe(fitHoldsFix([cases[2] as WindowCase]));
    expect(ranks[2]?.holdsFix).toBe(fitHoldsFix(cases.slice(0, 2)));
    expect(ranks.map((entry) => entry.without)).toEqual([2, 3, 3]);
    expect(ranks[0]?.with).toBe(1);
    expect(ranks[2]?.with).toBe(1);
    expect(goldRank(suspects('a.ts'), ['z.ts'])).toBe(Number.POSITIVE_INFINITY);
  });

  it('fits q of the report-matched files apart, and lifts them only when asked', () => {
    // Wide windows (every candidate changed) whose report-matched commits changed the fixed file.
    const all = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    const cases = [
      windowCase('x/a', 'c.ts', all, ['c.ts']),
      windowCase('x/b', 'd.ts', all, ['d.ts']),
      windowCase('x/c', 'b.ts', all, ['b.ts']),
    ];
    expect(fitHoldsFix(cases, 'matched')).toBeGreaterThan(0.9);
    const ranked = cases.map(({ repo, suspects: list, gold }) => ({ repo, suspects: list, gold }));
    const plain = crossValidatedRanks(cases, ranked);
    expect(plain.map((entry) => entry.matchHoldsFix)).toEqual([0, 0, 0]);
    expect(plain.map((entry) => entry.with)).toEqual([3, 4, 2]);
    const matched = crossValidatedRanks(cases, ranked, { matched: true });
    expect(matched.map((entry) => entry.with)).toEqual([1, 1, 1]);
  });
});
