import { RANKING_FEATURES } from '@sightline/investigator/internal';
import { describe, expect, it } from 'vitest';
import { groupedFolds } from './grouped-folds.js';
import type { RankingQuery } from './ranking-query.js';
import {
  choosePenalty,
  foldModels,
  nestedRanks,
  reciprocalRankStandardError,
} from './select-ranker.js';

/** Reports from 12 repositories where the fixed file is the one whose `symbol` feature is set. */
const symbol = RANKING_FEATURES.indexOf('symbol');
const lexical = RANKING_FEATURES.indexOf('lexicalFile');
const queries: (RankingQuery & { set: string })[] = Array.from({ length: 24 }, (_, report) => ({
  id: `r${report}`,
  group: `acme/repo-${report % 12}`,
  set: 'corpus',
  candidates: Array.from({ length: 5 }, (_, file) => ({
    path: `f${file}`,
    features: RANKING_FEATURES.map((_, at) =>
      at === symbol ? Number(file === report % 5) : at === lexical ? ((report + file) % 4) / 4 : 0,
    ),
    relevant: file === report % 5,
  })),
}));

describe('nested grouped cross-validation', () => {
  it('ranks each report with a model trained without its fold', () => {
    const folds = groupedFolds(queries);
    const models = foldModels(queries, folds);
    for (const [fold, model] of models)
      expect(model.trainingCases).toBe(
        queries.filter((query) => folds.get(query.id) !== fold).length,
      );
    const ranks = nestedRanks(queries, folds, models);
    expect(ranks.size).toBe(
      queries.filter((query) => models.has(folds.get(query.id) ?? '')).length,
    );
    expect([...ranks.values()].every((rank) => rank === 1)).toBe(true);
  });
});

describe('choosePenalty (one-standard-error rule)', () => {
  it('takes the largest penalty within one standard error of the best', () => {
    const selection = [
      { l2: 0.1, mrr: 0.65, standardError: 0.02 },
      { l2: 1, mrr: 0.64, standardError: 0.02 },
      { l2: 10, mrr: 0.632, standardError: 0.02 },
      { l2: 100, mrr: 0.62, standardError: 0.02 },
    ];
    expect(choosePenalty(selection)).toBe(10);
    expect(choosePenalty(selection.map((item) => ({ ...item, standardError: 0 })))).toBe(0.1);
    expect(choosePenalty([])).toBeUndefined();
  });

  it('measures the standard error of the reciprocal ranks', () => {
    // Reciprocal ranks 1, 0.5, 0 and 0.5: mean 0.5, sample variance 1/6.
    expect(reciprocalRankStandardError([1, 2, 0, 2])).toBeCloseTo(Math.sqrt(1 / 6 / 4), 10);
    expect(reciprocalRankStandardError([1])).toBe(0);
  });
});
