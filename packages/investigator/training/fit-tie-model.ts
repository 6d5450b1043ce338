/**
 * Fits the tie model (src/localize/tie-model.ts) on report–repository pairs: L2 logistic
 * regression (`fitLogisticRegression` of @sightline/intake, L-BFGS) on standardised features, each
 * class weighing half of the loss (unrelated pairs outnumber related ones), folded back into
 * weights on the raw values. Only pairs the model judges are fitted on: none of the report's stack
 * frames resolves in the repository (`judgeTie`). The threshold is chosen on held-out predictions:
 * the highest that keeps {@link KEEP_RELATED} of the related pairs tied, so the judgement costs
 * few real findings. Deterministic: the same pairs give the same model.
 */

import { fitLogisticRegression } from '@sightline/intake/training';
import {
  judgeTie,
  TIE_FEATURES,
  TIE_MODEL_FORMAT,
  TIE_MODEL_VERSION,
  type TieFeature,
  type TieModel,
} from '@sightline/investigator/internal';
import { groupedFolds } from './grouped-folds.js';

/** A training pair as the fitter reads it. */
export interface TieExample {
  /** The cross-validation group (the report's repository). */
  group: string;
  related: boolean;
  /** `tieFeatures`, in `TIE_FEATURES` order. */
  features: readonly number[];
  /** The repository's vocabulary (`tieFeatures`). */
  vocabulary: number;
  /** The report's stack frames that resolve in the repository (`tieFeatures`). */
  resolvedFrames: number;
}

/**
 * The share of related pairs the threshold keeps tied (held out): losing one real finding in 40
 * is the price set for dropping most false ones (bench/README.md "ties").
 */
export const KEEP_RELATED = 0.975;
/** The L2 penalty on the standardised weights: a mild pull towards 0 for ~600 pairs. */
export const TIE_L2 = 1;

/**
 * Fits the weights (threshold 0.5 until {@link chooseThreshold} sets it).
 * @param given - pairs of both kinds; those with a resolved stack frame are left out.
 * @returns the model on raw feature values; `minVocabulary` is the fitted pairs' smallest
 *   vocabulary.
 * @throws Error when the pairs lack a related or an unrelated pair the model would judge.
 */
export function fitTieModel(given: readonly TieExample[]): TieModel {
  const examples = given.filter((example) => example.resolvedFrames === 0);
  const related = examples.filter((example) => example.related).length;
  if (related === 0 || related === examples.length)
    throw new Error('The tie model needs related and unrelated pairs; run npm run corpus:fill.');
  const width = TIE_FEATURES.length;
  const mean = new Array<number>(width).fill(0);
  const spread = new Array<number>(width).fill(0);
  for (const { features } of examples)
    features.forEach((value, j) => {
      mean[j] = (mean[j] ?? 0) + value / examples.length;
    });
  for (const { features } of examples)
    features.forEach((value, j) => {
      spread[j] = (spread[j] ?? 0) + (value - (mean[j] ?? 0)) ** 2 / examples.length;
    });
  const scale = spread.map((variance) => (variance > 0 ? Math.sqrt(variance) : 1));
  const indices = Uint32Array.from({ length: width }, (_, j) => j);
  const rows = examples.map(({ features }) => ({
    indices,
    values: Float64Array.from(features, (value, j) => (value - (mean[j] ?? 0)) / (scale[j] ?? 1)),
  }));
  const fitted = fitLogisticRegression(
    rows,
    examples.map((example) => (example.related ? 1 : 0)),
    { classes: 2, features: width },
    {
      l2: TIE_L2,
      maxIterations: 500,
      classWeights: [
        examples.length / (2 * (examples.length - related)),
        examples.length / (2 * related),
      ],
    },
  );
  const standardised = Array.from({ length: width }, (_, j) => {
    return (fitted.weights[1]?.[j] ?? 0) - (fitted.weights[0]?.[j] ?? 0);
  });
  const weights = Object.fromEntries(
    TIE_FEATURES.map((name, j) => [name, round((standardised[j] ?? 0) / (scale[j] ?? 1))]),
  ) as Record<TieFeature, number>;
  const bias =
    (fitted.bias[1] ?? 0) -
    (fitted.bias[0] ?? 0) -
    standardised.reduce((sum, weight, j) => sum + (weight * (mean[j] ?? 0)) / (scale[j] ?? 1), 0);
  return {
    format: TIE_MODEL_FORMAT,
    version: TIE_MODEL_VERSION,
    bias: round(bias),
    weights,
    threshold: 0.5,
    minVocabulary: Math.min(...examples.map((example) => example.vocabulary)),
  };
}

/**
 * The threshold that keeps `keep` of the related pairs at or above it.
 * @param probabilities - held-out probabilities of the related pairs.
 * @param keep - the share to keep, in (0, 1].
 * @returns a probability rounded down to 3 decimals; 0 when there are none.
 */
export function chooseThreshold(probabilities: readonly number[], keep = KEEP_RELATED): number {
  if (probabilities.length === 0) return 0;
  const sorted = [...probabilities].sort((a, b) => a - b);
  const lost = Math.floor(sorted.length * (1 - keep));
  return Math.floor((sorted[lost] ?? 0) * 1000) / 1000;
}

/** Held-out judgements of the pairs and the threshold chosen on them. */
export interface TieCrossValidation {
  /**
   * Per pair, in order: the probability from a model fitted without the pair's fold, or
   * `undefined` when that model does not judge the pair (`judgeTie`: a resolved frame, a
   * repository smaller than it was fitted on).
   */
  probabilities: (number | undefined)[];
  /** {@link chooseThreshold} of the related pairs' probabilities. */
  threshold: number;
}

/**
 * Cross-validates the tie model: each fold's pairs judged by a model fitted on the other folds
 * ({@link tieFolds}: grouped by repository), and the threshold chosen on those judgements.
 * @param examples - the pairs.
 * @returns see {@link TieCrossValidation}.
 * @throws Error when a fold's training pairs lack a related or an unrelated pair.
 */
export function crossValidateTies(examples: readonly TieExample[]): TieCrossValidation {
  const foldOf = tieFolds(examples);
  const probabilities = new Array<number | undefined>(examples.length).fill(undefined);
  for (const fold of new Set(examples.map((example) => foldOf(example.group)))) {
    const model = fitTieModel(examples.filter((example) => foldOf(example.group) !== fold));
    examples.forEach((example, position) => {
      if (foldOf(example.group) === fold)
        probabilities[position] = judgeTie(example, model)?.probability;
    });
  }
  const related = probabilities.filter(
    (probability, position): probability is number =>
      probability !== undefined && examples[position]?.related === true,
  );
  return { probabilities, threshold: chooseThreshold(related) };
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/**
 * The folds of the pairs: grouped by repository (`groupedFolds`, 5 folds), so every held-out
 * probability comes from a model that never saw a report about that repository.
 * @returns the fold of a group.
 */
function tieFolds(examples: readonly TieExample[]): (group: string) => string {
  const groups = [...new Set(examples.map((example) => example.group))];
  const folds = groupedFolds(groups.map((group) => ({ id: group, group, set: 'corpus' })));
  return (group) => folds.get(group) ?? 'fold-1';
}
