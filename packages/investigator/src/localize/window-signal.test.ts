import { describe, expect, it } from 'vitest';
import type { Suspect } from '../diagnosis/schema.js';
import { liftWindowFiles } from './window-signal.js';

const suspect = (path: string, score: number): Suspect => ({
  path,
  lines: [1, 10],
  score,
  evidence: [],
});

describe('liftWindowFiles', () => {
  it('lifts a suspect by the share of its range the window changed, and its file a little', () => {
    const lifted = liftWindowFiles(
      [suspect('a.ts', 1), suspect('b.ts', 0.6), suspect('c.ts', 0.9)],
      new Map([
        ['b.ts', 2],
        ['c.ts', 1],
      ]),
      new Map([['b.ts', 0.5]]),
    );
    expect(lifted.map(({ path, score, evidence }) => [path, score, evidence])).toEqual([
      ['b.ts', 0.6 * 2.5, ['50 % of its lines last changed in the regression window']],
      ['c.ts', 0.9 * 1.5, ['its file changed in the regression window (1 commit)']],
      ['a.ts', 1, []],
    ]);
  });

  it('leaves the ranking alone when the window changed nothing', () => {
    const suspects = [suspect('a.ts', 1), suspect('b.ts', 0.5)];
    expect(liftWindowFiles(suspects, new Map())).toEqual(suspects);
  });
});
