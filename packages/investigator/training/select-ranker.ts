/**
 * Training a ranking model with its one setting, the L2 penalty, chosen by cross-validation
 * grouped by repository on the training reports only ({@link trainRanker}), and the grouped
 * cross-validated ranks that choice is made on ({@link crossValidatedRanks}).
 *
 * The fit is pulled towards the hand-set prior's direction, its scale fitted with the weights
 * (`scalePrior`, prior-penalty.ts): a ranking does not change when every weight is multiplied
 * by the same positive number, so the prior says which signals count and how much against each
 * other, not how large the weights are; pulled towards the prior as it is written, a signal the
 * data say little about kept its hand-set size while the signals the data speak about grew several
 * times, and lost against them what the prior gave it. The penalty is chosen by the
 * one-standard-error rule (Breiman et al., "Classification and Regression Trees", 1984; Hastie,
 * Tibshirani & Friedman, "The Elements of Statistical Learning", 2nd ed., §7.10): the largest
 * penalty — the fit closest to the prior — whose cross-validated MRR is within one standard error
 * of the best, so the weights leave the prior only as far as the reports tell them apart from it.
 * The loss is {@link BASE_LOSS} (pairwise-ranker.ts) unless given; train:localize fits the other
 * one (listwise-ranker.ts) beside it and ships the one that ranks better held out.
 */
import {
  RANKING_FEATURES,
  RANKING_MODEL_FORMAT,
  RANKING_MODEL_VERSION,
  type RankingFeature,
  type RankingModel,
} from '@sightline/investigator/internal';
import { fitListwiseRanker } from './listwise-ranker.js';
import { fitPairwiseRanker } from './pairwise-ranker.js';
import type { RankerOptions } from './prior-penalty.js';
import { type RankingQuery, rankOfRelevant } from './ranking-query.js';

/**
 * L2 penalties tried, a decade apart (the features are all in [0, 1]; the loss is a sum over the
 * reports, each at most about 0.7): from a fit the prior hardly holds to one that keeps little
 * more than its direction.
 */
export const L2_GRID = [0.01, 0.1, 1, 10, 100] as const;

/**
 * The prior the fit is pulled towards: the localizer's weights as they were set by hand on the
 * development set before any were learned (frame 1, lexical 0.45 split over file and definition,
 * mentioned names 0.35, message mentions 0.5, named paths 0.25, PageRank 0.15; a non-source role
 * costing about half a signal, a third-party asset a whole one), every other feature 0. With 104
 * cases from 68 repositories, several signals are correlated (a name the report mentions is also a
 * lexical match of its definition), and a fit from zero gave a weight to whichever of two
 * correlated signals happened to fit the folds; pulling towards the prior keeps a weight where the
 * reports do not speak against it, and the penalty (how far the data may move it) is chosen by
 * grouped cross-validation like the rest.
 */
export const PRIOR_WEIGHTS: Readonly<Partial<Record<RankingFeature, number>>> = {
  frame: 1,
  lexicalFile: 0.225,
  lexicalDefinition: 0.225,
  symbol: 0.35,
  message: 0.5,
  path: 0.25,
  pageRank: 0.15,
  test: -0.5,
  auxiliary: -0.5,
  declaration: -0.5,
  bundle: -0.5,
  other: -0.5,
  thirdParty: -1,
};

const prior = RANKING_FEATURES.map((name) => PRIOR_WEIGHTS[name] ?? 0);

/** The loss a ranker is fitted with: pairwise-ranker.ts or listwise-ranker.ts. */
export type RankingLoss = 'pairwise' | 'listwise';

/**
 * The loss the history features' choice and the ablations are measured with: the pairwise
 * logistic loss. The shipped model's loss is chosen by train:localize between this and
 * {@link OTHER_LOSS}, the listwise softmax loss (listwise-ranker.ts), by nested grouped
 * cross-validated MRR, as the history features are. The listwise loss led in every measurement
 * since 2026-12-04, by little: MRR 0.672 against 0.671 on 546 cases (164 repositories), 0.003 on
 * 828, 0.011 on 742 (bench/README.md "localize-cv").
 */
export const BASE_LOSS: RankingLoss = 'pairwise';

export const OTHER_LOSS: RankingLoss = BASE_LOSS === 'pairwise' ? 'listwise' : 'pairwise';

const FIT: Record<
  RankingLoss,
  (queries: readonly RankingQuery[], options: RankerOptions) => number[]
> = {
  pairwise: fitPairwiseRanker,
  listwise: fitListwiseRanker,
};

/** The penalty used when the training reports come from a single fold (nothing to choose on). */
export const DEFAULT_L2 = 1;

/**
 * Ranks of each report's first relevant candidate under a model fitted on the other folds.
 * @param queries - the reports.
 * @param folds - report id → fold name.
 * @param l2 - the penalty.
 * @param loss - the loss fitted; default {@link BASE_LOSS}.
 * @returns report id → 1-based rank (0: no relevant candidate), for reports whose fold has
 *   training reports outside it.
 */
export function crossValidatedRanks(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
  l2: number,
  loss: RankingLoss = BASE_LOSS,
): Map<string, number> {
  const ranks = new Map<string, number>();
  const names = [...new Set(queries.map((query) => folds.get(query.id) ?? ''))].sort();
  for (const fold of names) {
    const training = queries.filter((query) => folds.get(query.id) !== fold);
    if (!training.some((query) => query.candidates.some((candidate) => candidate.relevant)))
      continue;
    const weights = FIT[loss](training, { l2, prior, scalePrior: true });
    for (const query of queries)
      if (folds.get(query.id) === fold) ranks.set(query.id, rankOfRelevant(query, weights));
  }
  return ranks;
}

/** Mean reciprocal rank (a miss counts 0). */
export function meanReciprocalRank(ranks: Iterable<number>): number {
  const list = [...ranks];
  return list.length === 0
    ? 0
    : list.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / list.length;
}

/**
 * The standard error of a mean reciprocal rank over reports: the reciprocal ranks' sample
 * standard deviation over √reports (0 for fewer than two).
 */
export function reciprocalRankStandardError(ranks: Iterable<number>): number {
  const values = [...ranks].map((rank) => (rank > 0 ? 1 / rank : 0));
  if (values.length < 2) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

/** One penalty's cross-validated MRR and its standard error over the reports. */
export interface PenaltyScore {
  l2: number;
  mrr: number;
  standardError: number;
}

/**
 * The one-standard-error rule: the largest penalty whose MRR is at least the best MRR less the
 * best's standard error (ties of the best to the larger penalty).
 * @param selection - the penalties tried, each with its figures.
 * @returns the penalty, or `undefined` for an empty selection.
 */
export function choosePenalty(selection: readonly PenaltyScore[]): number | undefined {
  const best = selection.reduce<PenaltyScore | undefined>(
    (chosen, item) =>
      !chosen || item.mrr > chosen.mrr || (item.mrr === chosen.mrr && item.l2 > chosen.l2)
        ? item
        : chosen,
    undefined,
  );
  if (!best) return undefined;
  return Math.max(
    ...selection.filter((item) => item.mrr >= best.mrr - best.standardError).map((item) => item.l2),
  );
}

/** A trained model and how its penalty was chosen. */
export interface TrainedRanker {
  weights: number[];
  l2: number;
  /** The inner cross-validated figures of each penalty tried (empty when there was one fold). */
  selection: PenaltyScore[];
}

/**
 * Chooses the penalty by grouped cross-validation on `queries` ({@link choosePenalty}), then fits
 * on all of them.
 * @param queries - the training reports.
 * @param folds - report id → fold name.
 * @param loss - the loss fitted; default {@link BASE_LOSS}.
 * @returns the weights, the penalty and the selection figures.
 */
export function trainRanker(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
  loss: RankingLoss = BASE_LOSS,
): TrainedRanker {
  const foldCount = new Set(queries.map((query) => folds.get(query.id))).size;
  const selection =
    foldCount < 2
      ? []
      : L2_GRID.map((l2) => {
          const ranks = [...crossValidatedRanks(queries, folds, l2, loss).values()];
          return {
            l2,
            mrr: meanReciprocalRank(ranks),
            standardError: reciprocalRankStandardError(ranks),
          };
        });
  const l2 = choosePenalty(selection) ?? DEFAULT_L2;
  return {
    weights: FIT[loss](queries, { l2, prior, scalePrior: true }),
    l2,
    selection,
  };
}

/**
 * Fitted weights as a ranking model (weights rounded to 4 decimals, as the shipped file keeps them).
 * @param weights - one per feature, in `RANKING_FEATURES` order.
 * @param training - what to record of the training.
 * @returns the model.
 */
export function rankingModelOf(
  weights: readonly number[],
  training?: Record<string, unknown>,
): RankingModel {
  return {
    format: RANKING_MODEL_FORMAT,
    version: RANKING_MODEL_VERSION,
    weights: Object.fromEntries(
      RANKING_FEATURES.map((name, at) => [name, Math.round((weights[at] ?? 0) * 10_000) / 10_000]),
    ) as RankingModel['weights'],
    ...(training ? { training } : {}),
  };
}

/** The model of one outer fold: trained without it, penalty chosen inside its training folds. */
export interface FoldModel {
  weights: number[];
  l2: number;
  trainingCases: number;
}

/**
 * Nested grouped cross-validation: per fold, a model trained on the other folds only, its penalty
 * chosen by {@link trainRanker}'s grouped cross-validation among those training folds — so the
 * penalty, like the weights, never sees the fold it is measured on.
 * @param queries - the reports.
 * @param folds - report id → fold name.
 * @param loss - the loss fitted; default {@link BASE_LOSS}.
 * @returns fold name → its model (folds without training reports are left out).
 */
export function foldModels(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
  loss: RankingLoss = BASE_LOSS,
): Map<string, FoldModel> {
  const models = new Map<string, FoldModel>();
  for (const fold of [...new Set(queries.map((query) => folds.get(query.id) ?? ''))].sort()) {
    const training = queries.filter((query) => folds.get(query.id) !== fold);
    if (!training.some((query) => query.candidates.some((candidate) => candidate.relevant)))
      continue;
    const { weights, l2 } = trainRanker(training, folds, loss);
    models.set(fold, { weights, l2, trainingCases: training.length });
  }
  return models;
}

/**
 * Held-out ranks under {@link foldModels}.
 * @returns report id → 1-based rank of its first relevant candidate (0: none kept), for the
 *   reports whose fold has a model.
 */
export function nestedRanks(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
  models: ReadonlyMap<string, FoldModel>,
): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const query of queries) {
    const model = models.get(folds.get(query.id) ?? '');
    if (model) ranks.set(query.id, rankOfRelevant(query, model.weights));
  }
  return ranks;
}
