import { describe, expect, it } from 'vitest';
import { randomTexts, seededRandom } from './seeded-random.js';

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

describe('randomTexts', () => {
  it('repeats its texts for a seed, each made of 1 to most of the parts', () => {
    const texts = randomTexts(7, ['ab', 'c', '\n'], 500, 4);
    expect(randomTexts(7, ['ab', 'c', '\n'], 500, 4)).toEqual(texts);
    expect(texts).toHaveLength(500);
    for (const text of texts) {
      const pieces = text.match(/ab|c|\n/g) ?? [];
      expect(pieces.join('')).toBe(text);
      expect(pieces.length).toBeGreaterThanOrEqual(1);
      expect(pieces.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(texts.map((text) => (text.match(/ab|c|\n/g) ?? []).length))).toEqual(
      new Set([1, 2, 3, 4]),
    );
  });
});
