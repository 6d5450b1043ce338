import { RANKING_FEATURES } from '@sightline/investigator/internal';
import { describe, expect, it } from 'vitest';
import { groupedFolds } from './grouped-folds.js';
import type { RankingQuery } from './pairwise-ranker.js';
import { foldModels, nestedRanks } from './select-ranker.js';

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
