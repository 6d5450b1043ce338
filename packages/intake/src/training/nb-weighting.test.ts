import { describe, expect, it } from 'vitest';
import type { SparseVector } from '../classify/logistic-regression.js';
import { nbScales } from './nb-weighting.js';

const row = (indices: number[]): SparseVector => ({
  indices: Uint32Array.from(indices),
  values: Float64Array.from(indices, () => 0.5),
});

describe('nbScales', () => {
  // Feature 0 only in positives, 1 only in negatives, 2 in every row.
  const rows = [row([0, 2]), row([0, 2]), row([1, 2]), row([1, 2])];
  const positive = [true, true, false, false];

  it('gives |log-count ratio|: large for a feature of one side, 0 for one shared alike', () => {
    const [only, other, shared] = nbScales(rows, positive, 3, { power: 1 });
    // p = (3, 1, 3) of 7, q = (1, 3, 3) of 7 with α = 1: r₀ = ln 3, r₁ = −ln 3, r₂ = 0.
    expect(only).toBeCloseTo(Math.log(3), 10);
    expect(other).toBeCloseTo(Math.log(3), 10);
    expect(shared).toBeCloseTo(0, 10);
  });

  it('is 1 everywhere at power 0 and follows |r|^power otherwise', () => {
    expect([...nbScales(rows, positive, 3, { power: 0 })]).toEqual([1, 1, 1]);
    expect(nbScales(rows, positive, 3, { power: 0.5 })[0]).toBeCloseTo(Math.sqrt(Math.log(3)), 10);
  });

  it('ignores features with value 0 and smooths unseen features to ratio 0', () => {
    const zero: SparseVector = { indices: Uint32Array.from([1]), values: Float64Array.from([0]) };
    const scales = nbScales([row([0]), zero], [true, false], 3, { power: 1, alpha: 1 });
    expect(scales[2]).toBeCloseTo(Math.abs(Math.log(1 / 4 / (1 / 3))), 10);
    expect(scales[1]).toBeCloseTo(scales[2] ?? 0, 10);
  });
});
