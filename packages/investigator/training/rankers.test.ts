import { describe, expect, it } from 'vitest';
import { fitListwiseRanker } from './listwise-ranker.js';
import { fitPairwiseRanker } from './pairwise-ranker.js';
import { type RankingQuery, rankOfRelevant } from './ranking-query.js';

/** Reports where the fixed file is the one with the larger first feature; the second is noise. */
const queries: RankingQuery[] = Array.from({ length: 12 }, (_, report) => ({
  id: `r${report}`,
  group: `g${report % 4}`,
  candidates: Array.from({ length: 6 }, (_, file) => ({
    path: `f${file}`,
    features: [file === report % 6 ? 0.9 : 0.1 + file / 20, ((report + file) % 5) / 5],
    relevant: file === report % 6,
  })),
}));

describe.each([
  ['fitPairwiseRanker', fitPairwiseRanker],
  ['fitListwiseRanker', fitListwiseRanker],
])('%s', (_, fitRanker) => {
  it('learns to put the fixed file first, the signal weighing more than the noise', () => {
    const weights = fitRanker(queries, { l2: 0.01 });
    expect(weights[0]).toBeGreaterThan(Math.abs(weights[1] ?? 0));
    expect(queries.every((query) => rankOfRelevant(query, weights) === 1)).toBe(true);
  });

  it('is deterministic, and shrinks weights as the penalty grows', () => {
    expect(fitRanker(queries, { l2: 0.01 })).toEqual(fitRanker(queries, { l2: 0.01 }));
    const loose = fitRanker(queries, { l2: 0.01 });
    const tight = fitRanker(queries, { l2: 10 });
    expect(Math.abs(tight[0] ?? 0)).toBeLessThan(Math.abs(loose[0] ?? 0));
  });

  it('keeps the prior where the reports are silent, and with a fitted scale its direction', () => {
    // The second feature is 0 in every report: nothing is learned of it but the prior.
    const silent = queries.map((query) => ({
      ...query,
      candidates: query.candidates.map((candidate) => ({
        ...candidate,
        features: [candidate.features[0] ?? 0, 0],
      })),
    }));
    const prior = [1, 0.5];
    const fixed = fitRanker(silent, { l2: 1, prior });
    expect(fixed[1]).toBeCloseTo(0.5, 6);
    const scaled = fitRanker(silent, { l2: 1, prior, scalePrior: true });
    // The signal the reports speak about grows; the silent one grows with it, in the prior's ratio.
    expect(scaled[0]).toBeGreaterThan(fixed[0] ?? 0);
    expect(scaled[1]).toBeGreaterThan(0.5);
    expect((scaled[1] ?? 0) / (scaled[0] ?? 1)).toBeGreaterThan((fixed[1] ?? 0) / (fixed[0] ?? 1));
  });

  it('refuses reports that give no pair', () => {
    const none = queries.map((query) => ({
      ...query,
      candidates: query.candidates.map((candidate) => ({ ...candidate, relevant: false })),
    }));
    expect(() => fitRanker(none, { l2: 1 })).toThrow(/nothing to learn from/);
  });
});
