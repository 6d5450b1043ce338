import { describe, expect, it } from 'vitest';
import type { Suspect } from '../diagnosis/schema.js';
import { liftWindowFiles, windowLogRatios } from './window-signal.js';

const suspect = (path: string, score: number): Suspect => ({
  path,
  lines: [1, 10],
  score,
  evidence: [],
});

describe('windowLogRatios', () => {
  it('lifts the files of a narrow window more than those of a wide one', () => {
    const narrow = windowLogRatios({
      changed: new Map([['a.ts', 1]]),
      trackedFiles: 100,
      holdsFix: 0.5,
    });
    // (0.5 + 0.5 · 0.01) / 0.01 = 50.5; the rest lose log 2.
    expect(narrow.inWindow).toBeCloseTo(Math.log(50.5), 10);
    expect(narrow.outside).toBeCloseTo(Math.log(0.5), 10);
    const wide = windowLogRatios({
      changed: new Map(Array.from({ length: 90 }, (_, at) => [`f${at}.ts`, 1])),
      trackedFiles: 100,
      holdsFix: 0.5,
    });
    expect(wide.inWindow).toBeGreaterThan(0);
    expect(wide.inWindow).toBeLessThan(0.11);
  });

  it('says nothing for a window that never holds the fix or changed nothing', () => {
    const changed = new Map([['a.ts', 1]]);
    expect(windowLogRatios({ changed, trackedFiles: 100, holdsFix: 0 })).toEqual({
      inWindow: 0,
      outside: 0,
    });
    expect(windowLogRatios({ changed: new Map(), trackedFiles: 100 })).toEqual({
      inWindow: 0,
      outside: 0,
    });
  });
});

describe('liftWindowFiles', () => {
  it('adds the log likelihood ratio to the score, negative scores included', () => {
    const lifted = liftWindowFiles(
      [suspect('a.ts', 1), suspect('b.ts', -0.5), suspect('c.ts', 0.9)],
      { changed: new Map([['b.ts', 2]]), trackedFiles: 50, holdsFix: 0.5 },
    );
    // b: -0.5 + log((0.5 + 0.5 · 0.02) / 0.02) = -0.5 + log 25.5; a and c: + log 0.5.
    expect(lifted.map(({ path }) => path)).toEqual(['b.ts', 'a.ts', 'c.ts']);
    expect(lifted[0]?.score).toBeCloseTo(-0.5 + Math.log(25.5), 10);
    expect(lifted[0]?.evidence).toEqual(['its file changed in the regression window (2 commits)']);
    expect(lifted[1]).toMatchObject({ score: 1 + Math.log(0.5), evidence: [] });
  });

  it('counts a twin of the suspect the window changed', () => {
    const twin: Suspect = { ...suspect('lib/a.js', 0), twins: ['src/a.ts'] };
    const [first] = liftWindowFiles([suspect('b.ts', 1), twin], {
      changed: new Map([['src/a.ts', 1]]),
      trackedFiles: 1000,
    });
    expect(first?.path).toBe('lib/a.js');
  });

  it('leaves the ranking alone when the window changed nothing', () => {
    const suspects = [suspect('a.ts', 1), suspect('b.ts', 0.5)];
    expect(liftWindowFiles(suspects, { changed: new Map(), trackedFiles: 10 })).toEqual(suspects);
  });
});
