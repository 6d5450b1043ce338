import { describe, expect, it } from 'vitest';
import { scoreClusters } from './cluster-metrics.js';

const items = (pairs: [string, string][]) => pairs.map(([group, cluster]) => ({ group, cluster }));

describe('scoreClusters', () => {
  it('scores a perfect clustering 1 on every measure', () => {
    const scores = scoreClusters(
      items([
        ['a', 'x'],
        ['a', 'x'],
        ['b', 'y'],
      ]),
    );
    expect(scores.pairwise).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(scores.bcubed).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('counts a wrong merge against precision and a missed pair against recall', () => {
    // Group a = {1,2,3}, b = {4}; clusters x = {1,2,4}, y = {3}.
    const scores = scoreClusters(
      items([
        ['a', 'x'],
        ['a', 'x'],
        ['a', 'y'],
        ['b', 'x'],
      ]),
    );
    expect(scores.pairs).toEqual({ inGroup: 3, inCluster: 3, both: 1 });
    expect(scores.pairwise.precision).toBeCloseTo(1 / 3);
    expect(scores.pairwise.recall).toBeCloseTo(1 / 3);
    // B-cubed precision: items 1,2 → 2/3 each, item 3 → 1, item 4 → 1/3; mean 2/3.
    expect(scores.bcubed.precision).toBeCloseTo(2 / 3);
    // B-cubed recall: items 1,2 → 2/3 each, item 3 → 1/3, item 4 → 1; mean 2/3.
    expect(scores.bcubed.recall).toBeCloseTo(2 / 3);
  });

  it('has no pairwise precision when nothing was merged, and B-cubed precision 1', () => {
    const scores = scoreClusters(
      items([
        ['a', 'x'],
        ['a', 'y'],
        ['b', 'z'],
      ]),
    );
    expect(scores.pairwise).toEqual({ precision: null, recall: 0, f1: null });
    expect(scores.bcubed.precision).toBe(1);
    expect(scores.bcubed.recall).toBeCloseTo(2 / 3);
  });

  it('refuses an empty clustering', () => {
    expect(() => scoreClusters([])).toThrow(/at least one item/);
  });
});
