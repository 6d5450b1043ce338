import { describe, expect, it } from 'vitest';
import { fitPairwiseRanker, type RankingQuery, rankOfRelevant } from './pairwise-ranker.js';

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

describe('fitPairwiseRanker', () => {
  it('learns to put the fixed file first, the signal weighing more than the noise', () => {
    const weights = fitPairwiseRanker(queries, { l2: 0.01 });
    expect(weights[0]).toBeGreaterThan(Math.abs(weights[1] ?? 0));
    expect(queries.every((query) => rankOfRelevant(query, weights) === 1)).toBe(true);
  });

  it('is deterministic, and shrinks weights as the penalty grows', () => {
    expect(fitPairwiseRanker(queries, { l2: 0.01 })).toEqual(
      fitPairwiseRanker(queries, { l2: 0.01 }),
    );
    const loose = fitPairwiseRanker(queries, { l2: 0.01 });
    const tight = fitPairwiseRanker(queries, { l2: 10 });
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
    const fixed = fitPairwiseRanker(silent, { l2: 1, prior });
    expect(fixed[1]).toBeCloseTo(0.5, 6);
    const scaled = fitPairwiseRanker(silent, { l2: 1, prior, scalePrior: true });
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
    expect(() => fitPairwiseRanker(none, { l2: 1 })).toThrow(/nothing to learn from/);
  });
});

describe('rankOfRelevant', () => {
  it('ranks by score, ties by path, 0 when nothing is relevant', () => {
    const query: RankingQuery = {
      id: 'q',
      group: 'g',
      candidates: [
        { path: 'b', features: [1], relevant: true },
        { path: 'a', features: [1], relevant: false },
        { path: 'c', features: [2], relevant: false },
      ],
    };
    expect(rankOfRelevant(query, [1])).toBe(3);
    expect(rankOfRelevant(query, [-1])).toBe(2);
    expect(rankOfRelevant({ ...query, candidates: [] }, [1])).toBe(0);
  });
});
