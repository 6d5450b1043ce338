/**
 * Cross-validation of the learned ranking grouped by repository, as bench:localize runs it: the
 * rows of every case whose code is at hand (all sets, whatever is measured), folds by repository
 * with the development set as one fold (`groupedFolds`), and per fold a model trained — penalty
 * chosen by an inner grouped cross-validation — on the other folds only. A case is then localized
 * with its fold's model, so no figure comes from a repository the model was fitted on.
 */
import type { RankingModel } from '@sightline/investigator/internal';
import { groupedFolds } from '../../packages/investigator/training/grouped-folds.js';
import { foldModels, rankingModelOf } from '../../packages/investigator/training/select-ranker.js';
import type { DevCase } from './localize-cases.js';
import { type CaseQuery, readCaseQueries } from './localize-features.js';
import { withHistory } from './localize-history.js';

/** The folds and their models. */
export interface CrossValidation {
  /** Case id → fold name. */
  folds: Map<string, string>;
  /** The model trained without a fold, with the penalty chosen. */
  models: Map<string, { model: RankingModel; l2: number; trainingCases: number }>;
  queries: CaseQuery[];
}

/**
 * Trains one model per fold.
 * @param cases - every case (all sets); those whose code is absent are left out.
 * @param mirrors - the fetched snapshots the history features are read from (`caseHistory`);
 *   default `$BENCH_MIRRORS`, without which only cached history features are used.
 * @returns folds and models.
 */
export async function crossValidate(
  cases: readonly DevCase[],
  mirrors: string | undefined = process.env.BENCH_MIRRORS,
): Promise<CrossValidation> {
  const { queries: rows } = await readCaseQueries(cases);
  const { queries } = await withHistory(
    rows,
    new Map(cases.map((entry) => [entry.id, entry])),
    mirrors,
  );
  const folds = groupedFolds(queries);
  const models = new Map(
    [...foldModels(queries, folds)].map(([fold, { weights, l2, trainingCases }]) => [
      fold,
      { model: rankingModelOf(weights), l2, trainingCases },
    ]),
  );
  return { folds, models, queries };
}
