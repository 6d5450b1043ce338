import { describe, expect, it } from 'vitest';
import { batchRanges } from './ingest-batches.js';

describe('batchRanges', () => {
  it('cuts at the most items a batch holds', () => {
    expect(batchRanges(new Array(2500).fill(10), { maxCount: 1000, maxBytes: 1e9 })).toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 2500],
    ]);
  });

  it('cuts before the bytes of envelope, items and separators pass the largest body', () => {
    // 10 + 30 + 1 + 30 + 1 + 30 = 102 > 100: the third item starts the next batch.
    expect(batchRanges([30, 30, 30, 30], { maxCount: 10, maxBytes: 100, baseBytes: 10 })).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(batchRanges([30, 30, 28], { maxCount: 10, maxBytes: 100, baseBytes: 10 })).toEqual([
      [0, 3],
    ]);
  });

  it('gives an item too large for any batch a batch of its own, and nothing no batch', () => {
    expect(batchRanges([5, 500, 5], { maxCount: 10, maxBytes: 100 })).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(batchRanges([], { maxCount: 10, maxBytes: 100 })).toEqual([]);
  });
});
