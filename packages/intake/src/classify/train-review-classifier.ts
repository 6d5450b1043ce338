/**
 * Training and cross-validation of the offline review classifier. Used by
 * scripts/train-classify.ts to choose preprocessing and score offsets by k-fold cross-validation
 * on the training split only, then to fit the shipped model on the whole split.
 */
import { createHash } from 'node:crypto';
import { collapseWhitespace } from '../parse/lines.js';
import { classificationMetrics, type LabelPair } from './classification-metrics.js';
import {
  learnNaiveBayes,
  type NaiveBayesConfig,
  restoreNaiveBayes,
  scoreOdds,
} from './naive-bayes.js';
import {
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  type ReviewClassifierModel,
  type ReviewLabel,
} from './review-classifier.js';
import { type ReviewFeatureOptions, type ReviewText, reviewTokens } from './review-features.js';

/** A review with its label from the data set (bug, feature, experience, praise). */
export interface LabeledReview extends ReviewText {
  label: string;
}

/**
 * Whether to learn the data set's labels and map them to output labels afterwards (`mapped`), or
 * to map first and learn the output labels directly (`direct`).
 */
export type LabelScheme = 'mapped' | 'direct';

/** Everything that defines a model except what it learns. */
export interface TrainingSettings {
  scheme: LabelScheme;
  features: ReviewFeatureOptions;
  naiveBayes: NaiveBayesConfig;
  /** Tokens found in fewer training reviews than this are left out of the vocabulary. Default 1 (keep all). */
  minDocumentFrequency?: number;
  /** Offsets added to trained labels' log2 odds; default none. */
  offsets?: Record<string, number>;
}

/** Output labels, in the order models and reports list them. */
export const REVIEW_LABELS: ReviewLabel[] = ['bug', 'feature', 'other'];

/** How the data set's labels map to output labels; experience and praise are not actionable. */
export const DATASET_LABEL_MAP: Record<string, ReviewLabel> = {
  bug: 'bug',
  feature: 'feature',
  experience: 'other',
  praise: 'other',
};

/**
 * Fits a model on `examples`.
 *
 * @param examples - Labeled reviews; labels must be keys of {@link DATASET_LABEL_MAP}.
 * @param settings - Label scheme, preprocessing, naive Bayes configuration and offsets.
 * @param training - Provenance and measurements stored in the model file (default `{}`).
 * @returns The model, ready to save as JSON or load with `loadReviewClassifier`.
 */
export function trainReviewClassifier(
  examples: readonly LabeledReview[],
  settings: TrainingSettings,
  training: Record<string, unknown> = {},
): ReviewClassifierModel {
  const minimum = settings.minDocumentFrequency ?? 1;
  const learning = learnNaiveBayes(
    examples.map((example) => ({
      tokens: reviewTokens(example, settings.features),
      label: learnedLabel(example.label, settings.scheme),
    })),
    settings.naiveBayes,
    minimum,
  );
  return {
    format: REVIEW_CLASSIFIER_FORMAT,
    version: REVIEW_CLASSIFIER_VERSION,
    labels: REVIEW_LABELS,
    labelMap: labelMapFor(settings.scheme),
    features: settings.features,
    naiveBayes: settings.naiveBayes,
    offsets: settings.offsets ?? {},
    training: { ...training, minDocumentFrequency: minimum },
    learning,
  };
}

/** One cross-validated prediction: the item's output label and the raw odds of a model that did not see it. */
export interface FoldPrediction {
  actual: ReviewLabel;
  odds: Array<[string, number]>;
}

/**
 * Runs k-fold cross-validation and returns every example's odds from the model trained on the
 * other folds. Folds are assigned by a hash of the review text, so the same text (the data set is
 * multi-label: one text may appear under two labels) never sits in training and validation at once.
 *
 * @param examples - Labeled reviews.
 * @param settings - Settings to evaluate (offsets are ignored: tune them on the result).
 * @param folds - Number of folds (default 5).
 * @returns One prediction per example, in input order.
 */
export function crossValidate(
  examples: readonly LabeledReview[],
  settings: TrainingSettings,
  folds = 5,
): FoldPrediction[] {
  const foldOf = examples.map((example) => textFold(example.text, folds));
  const predictions: FoldPrediction[] = new Array(examples.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const model = trainReviewClassifier(
      examples.filter((_, index) => foldOf[index] !== fold),
      { ...settings, offsets: {} },
    );
    const classifier = restoreNaiveBayes(model.learning);
    examples.forEach((example, index) => {
      if (foldOf[index] !== fold) return;
      const odds = classifier.computeOdds(reviewTokens(example, settings.features));
      predictions[index] = { actual: DATASET_LABEL_MAP[example.label] ?? 'other', odds };
    });
  }
  return predictions;
}

/**
 * Chooses offsets for the bug and feature labels that maximise the mean of their F1 scores on
 * cross-validated odds (class-prior adjustment: naive Bayes favours the majority class, and most
 * reviews are praise). Offsets are searched on a grid; the smallest |offset| wins ties.
 *
 * @param predictions - Cross-validated odds from {@link crossValidate}.
 * @param scheme - The label scheme the odds were produced with.
 * @param grid - Offsets to try, in log2 odds (default −4 to 8 in steps of 0.5).
 * @returns The best offsets and the mean bug/feature F1 they reach.
 */
export function tuneOffsets(
  predictions: readonly FoldPrediction[],
  scheme: LabelScheme,
  grid: readonly number[] = range(-4, 8, 0.5),
): { offsets: Record<string, number>; score: number } {
  let best = { offsets: { bug: 0, feature: 0 }, score: -1 };
  const byMagnitude = [...grid].sort((a, b) => Math.abs(a) - Math.abs(b));
  for (const bug of byMagnitude) {
    for (const feature of byMagnitude) {
      const offsets = { bug, feature };
      const score = bugFeatureF1(predictions, { scheme, offsets });
      if (score > best.score) best = { offsets, score };
    }
  }
  return best;
}

/**
 * Mean F1 of bug and feature for cross-validated odds under the given offsets.
 *
 * @param predictions - Cross-validated odds.
 * @param settings - Label scheme and offsets.
 * @returns (F1 bug + F1 feature) / 2.
 */
function bugFeatureF1(
  predictions: readonly FoldPrediction[],
  settings: { scheme: LabelScheme; offsets: Record<string, number> },
): number {
  const metrics = classificationMetrics(evaluateOdds(predictions, settings), REVIEW_LABELS);
  return ((metrics.perLabel.bug?.f1 ?? 0) + (metrics.perLabel.feature?.f1 ?? 0)) / 2;
}

/**
 * Scores cross-validated odds into actual/predicted label pairs.
 *
 * @param predictions - Cross-validated odds.
 * @param settings - Label scheme and offsets.
 * @returns One pair per prediction.
 */
function evaluateOdds(
  predictions: readonly FoldPrediction[],
  { scheme, offsets }: { scheme: LabelScheme; offsets: Record<string, number> },
): LabelPair[] {
  const model = { labels: REVIEW_LABELS, labelMap: labelMapFor(scheme), offsets };
  return predictions.map(({ actual, odds }) => ({
    actual,
    predicted: odds[0]?.[0] === 'unknown' ? 'other' : scoreOdds(odds, model).label,
  }));
}

/** The map from learned labels to output labels under a scheme. */
function labelMapFor(scheme: LabelScheme): Record<string, ReviewLabel> {
  return scheme === 'mapped'
    ? DATASET_LABEL_MAP
    : Object.fromEntries(REVIEW_LABELS.map((label) => [label, label]));
}

function learnedLabel(label: string, scheme: LabelScheme): string {
  return scheme === 'mapped' ? label : (DATASET_LABEL_MAP[label] ?? 'other');
}

/**
 * The key under which review texts count as the same (lower-cased, whitespace collapsed). The
 * data set is multi-label: one text appears once per label, so cross-validation folds and the
 * benchmark's single-label ceiling both group rows by this key.
 *
 * @param text - A review's text.
 * @returns The normalised text.
 */
export function reviewTextKey(text: string): string {
  return collapseWhitespace(text.toLowerCase());
}

function textFold(text: string, folds: number): number {
  return createHash('sha1').update(reviewTextKey(text)).digest().readUInt32BE(0) % folds;
}

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step)
    values.push(Math.round(value * 100) / 100);
  return values;
}
