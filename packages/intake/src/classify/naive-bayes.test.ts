import { describe, expect, it } from 'vitest';
import { scoreOdds } from './naive-bayes.js';

describe('scoreOdds', () => {
  it('adds offsets, maps trained labels onto output labels and normalises the scores', () => {
    // log2 odds 0 → probability 1/2; +1 offset → 2/3; −1 → 1/3.
    const result = scoreOdds(
      [
        ['praise', 0],
        ['bug', 0],
        ['experience', 0],
      ],
      {
        labels: ['bug', 'feature', 'other'],
        labelMap: { bug: 'bug', praise: 'other', experience: 'other' },
        offsets: { bug: 1, praise: -1 },
      },
    );
    const total = 2 / 3 + 1 / 3 + 1 / 2;
    expect(result.label).toBe('other');
    expect(result.scores.bug).toBeCloseTo(2 / 3 / total, 12);
    expect(result.scores.feature).toBe(0);
    expect(result.scores.other).toBeCloseTo((1 / 3 + 1 / 2) / total, 12);
    expect(result.confidence).toBe(result.scores.other);
  });
});
