import { describe, expect, it } from 'vitest';
import { isUncertainLabel, UNCERTAIN_BELOW, UNCERTAIN_MARGIN } from './uncertain-label.js';

describe('isUncertainLabel', () => {
  it('is uncertain without a majority, or with an offline margin below 0.1', () => {
    expect(isUncertainLabel({ confidence: UNCERTAIN_BELOW - 0.01 })).toBe(true);
    expect(isUncertainLabel({ confidence: 0.9, margin: UNCERTAIN_MARGIN - 0.01 })).toBe(true);
    // The README's json5 report: question at 0.42, 0.09 ahead of bug.
    expect(isUncertainLabel({ confidence: 0.42, margin: 0.09 })).toBe(true);
  });

  it('is sure with a majority and a margin of 0.1 or more, or no margin (crash rule, model)', () => {
    expect(isUncertainLabel({ confidence: UNCERTAIN_BELOW, margin: UNCERTAIN_MARGIN })).toBe(false);
    expect(isUncertainLabel({ confidence: 0.95 })).toBe(false);
  });
});
