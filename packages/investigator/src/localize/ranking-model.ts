/**
 * The learned ranking of the offline localizer: a linear model over the features of
 * `ranking-features.ts`, trained by `npm run train:localize` (packages/investigator/training) on
 * real fixes with the pairwise logistic or the listwise softmax loss, whichever ranks better held
 * out (the file's `training.loss` says which), and shipped in model/ranking-model.json. A file's
 * score is the dot product of its feature vector with the weights; files are ranked by it.
 */
import { SightlineError } from '@sightline/core';
import { RANKING_FEATURES, type RankingFeature } from './derived-features.js';
import { HISTORY_FEATURES } from './history-features.js';
import shippedModelFile from './model/ranking-model.json' with { type: 'json' };

/** The format marker of a ranking model file. */
export const RANKING_MODEL_FORMAT = 'sightline-localize-ranking';
/**
 * The version of that format this code reads; bumped when the weights' meaning changes (2: the
 * history features weighed, read by `investigate` on a git checkout; retrained 2026-12-03).
 */
export const RANKING_MODEL_VERSION = 2;

/** A ranking model: one weight per feature. */
export interface RankingModel {
  format: typeof RANKING_MODEL_FORMAT;
  version: typeof RANKING_MODEL_VERSION;
  /** The weight of each feature of {@link RANKING_FEATURES}, by name. */
  weights: Record<RankingFeature, number>;
  /** How the model was trained (data, method, cross-validated figures); informative only. */
  training?: Record<string, unknown>;
}

/**
 * Reads a ranking model from its parsed file.
 * @param file - the parsed JSON.
 * @returns the model.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the format or version is not this code's,
 *   or a feature's weight is missing or not a finite number; retrain with `npm run train:localize`.
 */
export function loadRankingModel(file: unknown): RankingModel {
  const model = (file ?? {}) as Partial<RankingModel>;
  const weights = (model.weights ?? {}) as Partial<Record<string, unknown>>;
  const missing = RANKING_FEATURES.filter((name) => !Number.isFinite(weights[name]));
  if (
    model.format !== RANKING_MODEL_FORMAT ||
    model.version !== RANKING_MODEL_VERSION ||
    missing.length > 0
  ) {
    throw new SightlineError({
      code: 'CACHE_VERSION_MISMATCH',
      message: `The ranking model is ${model.format ?? 'of unknown format'} version ${String(model.version)}${missing.length ? ` without weights for ${missing.join(', ')}` : ''}, but this Sightline reads ${RANKING_MODEL_FORMAT} version ${RANKING_MODEL_VERSION} with a weight for each of ${RANKING_FEATURES.join(', ')}. Retrain it with \`npm run train:localize\`.`,
      details: { format: model.format, version: model.version, missing },
    });
  }
  return model as RankingModel;
}

let shipped: RankingModel | undefined;

/** The ranking model shipped in model/ranking-model.json, loaded once. */
export function shippedRankingModel(): RankingModel {
  shipped ??= loadRankingModel(shippedModelFile);
  return shipped;
}

/**
 * A feature vector's score under a model.
 * @param model - the model.
 * @param vector - values in {@link RANKING_FEATURES} order.
 * @returns the dot product.
 */
export function rankingScore(model: RankingModel, vector: readonly number[]): number {
  let score = 0;
  RANKING_FEATURES.forEach((name, at) => {
    score += model.weights[name] * (vector[at] ?? 0);
  });
  return score;
}

/**
 * Whether a model gives any history feature a weight: when none does, reading the history
 * features (`readHistoryFeatures`, git log of thousands of commits) would change no score.
 * @param model - the model. Default: the shipped one.
 */
export function weighsHistory(model: RankingModel = shippedRankingModel()): boolean {
  return HISTORY_FEATURES.some((name) => model.weights[name] !== 0);
}
