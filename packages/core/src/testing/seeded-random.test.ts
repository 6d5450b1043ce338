import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';

describe('seededRandom', () => {
  it('repeats its sequence for a seed, differs across seeds, and stays in [0, 1)', () => {
    const first = Array.from({ length: 1_000 }, seededRandom(42));
    const again = Array.from({ length: 1_000 }, seededRandom(42));
    const other = Array.from({ length: 1_000 }, seededRandom(43));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(first).size).toBe(first.length);
    const mean = first.reduce((sum, value) => sum + value, 0) / first.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
