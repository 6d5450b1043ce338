import { describe, expect, it } from 'vitest';
import { classificationMetrics } from './classification-metrics.js';

describe('classificationMetrics', () => {
  it('computes per-label precision, recall, F1, the confusion matrix and accuracy', () => {
    const pairs = [
      { actual: 'bug', predicted: 'bug' },
      { actual: 'bug', predicted: 'other' },
      { actual: 'feature', predicted: 'bug' },
      { actual: 'other', predicted: 'other' },
    ];
    expect(classificationMetrics(pairs, ['bug', 'feature', 'other'])).toEqual({
      accuracy: 0.5,
      macroF1: (0.5 + 0 + 2 / 3) / 3,
      count: 4,
      confusion: {
        bug: { bug: 1, feature: 0, other: 1 },
        feature: { bug: 1, feature: 0, other: 0 },
        other: { bug: 0, feature: 0, other: 1 },
      },
      perLabel: {
        bug: { precision: 0.5, recall: 0.5, f1: 0.5, support: 2 },
        feature: { precision: 0, recall: 0, f1: 0, support: 1 },
        other: { precision: 0.5, recall: 1, f1: 2 / 3, support: 1 },
      },
    });
  });

  it('adds labels that appear only in the pairs, and handles no pairs', () => {
    expect(
      Object.keys(classificationMetrics([{ actual: 'x', predicted: 'y' }], ['bug']).perLabel),
    ).toEqual(['bug', 'x', 'y']);
    expect(classificationMetrics([], ['bug'])).toEqual({
      accuracy: 0,
      macroF1: 0,
      count: 0,
      confusion: { bug: { bug: 0 } },
      perLabel: { bug: { precision: 0, recall: 0, f1: 0, support: 0 } },
    });
  });
});
