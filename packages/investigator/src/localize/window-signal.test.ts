import { describe, expect, it } from 'vitest';
import type { Suspect } from '../diagnosis/schema.js';
import {
  liftWindowFiles,
  SHARE_PRIOR_WEIGHT,
  windowLogRatios,
  windowShare,
} from './window-signal.js';

const suspect = (path: string, score: number): Suspect => ({
  path,
  lines: [1, 10],
  score,
  evidence: [],
});

const changedOf = (...files: string[]) => new Map(files.map((file) => [file, 1]));

describe('windowShare', () => {
  it('is the candidates’ share in the window, pulled toward the repository-wide share', () => {
    const suspects = [
      suspect('a.ts', 3),
      suspect('a.ts', 2),
      suspect('b.ts', 1),
      suspect('c.ts', 0),
    ];
    // Distinct files a, b, c; a is in the window; prior 1 / 100 with weight 2.
    const share = windowShare(suspects, { changed: changedOf('a.ts'), trackedFiles: 100 });
    expect(share).toBeCloseTo((1 + SHARE_PRIOR_WEIGHT * 0.01) / (3 + SHARE_PRIOR_WEIGHT), 10);
    expect(windowShare(suspects, { changed: new Map(), trackedFiles: 100 })).toBe(0);
  });

  it('is high for a window that changed most candidates, however few files of the repository', () => {
    const suspects = ['a', 'b', 'c', 'd', 'e'].map((name, at) => suspect(`${name}.ts`, 5 - at));
    const share = windowShare(suspects, {
      changed: changedOf('a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'),
      trackedFiles: 10_000,
    });
    expect(share).toBeGreaterThan(0.7);
  });
});

describe('windowLogRatios', () => {
  it('lifts the files of a narrow window more than those of a wide one', () => {
    const narrow = windowLogRatios(0.01, 0.5);
    // (0.5 + 0.5 · 0.01) / 0.01 = 50.5; the rest lose log 2.
    expect(narrow.inWindow).toBeCloseTo(Math.log(50.5), 10);
    expect(narrow.outside).toBeCloseTo(Math.log(0.5), 10);
    const wide = windowLogRatios(0.9, 0.5);
    expect(wide.inWindow).toBeGreaterThan(0);
    expect(wide.inWindow).toBeLessThan(0.11);
  });

  it('says nothing for a window that is never right or changed nothing', () => {
    expect(windowLogRatios(0.2, 0)).toEqual({ inWindow: 0, outside: 0 });
    expect(windowLogRatios(0, 0.5)).toEqual({ inWindow: 0, outside: 0 });
  });
});

describe('liftWindowFiles', () => {
  it('adds the scaled log likelihood ratio to the score, negative scores included', () => {
    const suspects = [suspect('a.ts', 1), suspect('b.ts', -0.5), suspect('c.ts', 0.9)];
    const evidence = {
      changed: changedOf('b.ts'),
      trackedFiles: 50,
      holdsFix: 0.5,
      temperature: 1,
    };
    const lifted = liftWindowFiles(suspects, evidence);
    const { inWindow, outside } = windowLogRatios(windowShare(suspects, evidence), 0.5);
    expect(lifted.map(({ path }) => path)).toEqual(['b.ts', 'a.ts', 'c.ts']);
    expect(lifted[0]?.score).toBeCloseTo(-0.5 + inWindow, 10);
    expect(lifted[0]?.evidence).toEqual(['its file changed in the regression window (1 commit)']);
    expect(lifted[1]).toMatchObject({ score: 1 + outside, evidence: [] });
    // A smaller temperature (scores already far apart in log-odds) moves the window's file less.
    const cooler = liftWindowFiles(suspects, { ...evidence, temperature: 0.1 });
    expect(cooler.map(({ path }) => path)).toEqual(['a.ts', 'c.ts', 'b.ts']);
  });

  it('lifts a file less when the window changed most candidates than when it changed few', () => {
    const suspects = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, at) =>
      suspect(`${name}.ts`, 1 - at * 0.05),
    );
    const gain = (changed: Map<string, number>) => {
      const lifted = liftWindowFiles(suspects, { changed, trackedFiles: 5000, holdsFix: 0.5 });
      return (lifted.find(({ path }) => path === 'f.ts')?.score ?? 0) - 0.75;
    };
    const wide = gain(changedOf('b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'));
    const narrow = gain(changedOf('f.ts'));
    expect(wide).toBeGreaterThan(0);
    expect(narrow).toBeGreaterThan(2 * wide);
  });

  it('counts a twin of the suspect the window changed', () => {
    const twin: Suspect = { ...suspect('lib/a.js', 0), twins: ['src/a.ts'] };
    const pool = [
      suspect('b.ts', 0.1),
      twin,
      ...['c', 'd', 'e', 'f'].map((name) => suspect(`${name}.ts`, -1)),
    ];
    const [first] = liftWindowFiles(pool, {
      changed: changedOf('src/a.ts'),
      trackedFiles: 1000,
    });
    expect(first?.path).toBe('lib/a.js');
  });

  it('leaves the ranking alone when the window changed nothing', () => {
    const suspects = [suspect('a.ts', 1), suspect('b.ts', 0.5)];
    expect(liftWindowFiles(suspects, { changed: new Map(), trackedFiles: 10 })).toEqual(suspects);
  });
});

describe('liftWindowFiles with report-matched commits', () => {
  it('lifts the files of matched commits over the rest of a wide window', () => {
    const list = ['a.ts', 'b.ts', 'c.ts', 'd.ts'].map((name, at) => suspect(name, 4 - at * 0.1));
    const evidence = {
      changed: changedOf('a.ts', 'b.ts', 'c.ts', 'd.ts'),
      trackedFiles: 100,
      matched: changedOf('c.ts'),
      temperature: 0.4,
    };
    // Without a q for the matched files, the order stands.
    const plain = liftWindowFiles(list, { ...evidence, matchHoldsFix: 0 });
    expect(plain.map((entry) => entry.path)).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts']);
    const lifted = liftWindowFiles(list, { ...evidence, matchHoldsFix: 0.5 });
    expect(lifted[0]?.path).toBe('c.ts');
    expect(lifted[0]?.evidence.at(-1)).toMatch(/subject matches the report/);
  });
});
