/**
 * Training and cross-validation of the offline review classifier. Used by
 * scripts/train-classifier.ts to choose features, penalty and thresholds by k-fold
 * cross-validation on the training split only, then to fit the shipped model on the whole split.
 *
 * The data set is multi-label: one text appears once per label it has (see the reviews README).
 * Training groups rows by text, so each text is learnt once with all its labels (one-vs-rest
 * targets); scoring keeps one row per (text, label), as the benchmark on the test split does.
 */
import { DATASET_LABEL_MAP, type LabeledReview } from '../classify/labeled-reviews.js';
import { type LinearTextSettings, loadLinearTextModel } from '../classify/linear-text-model.js';
import {
  ACTIONABLE_REVIEW_LABELS,
  decideReview,
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  type ReviewClassifierModel,
  type ReviewLabel,
} from '../classify/review-classifier.js';
import {
  type ReviewFeatureOptions,
  type ReviewText,
  reviewTokens,
} from '../classify/review-features.js';
import { collapseWhitespace } from '../parse/lines.js';
import { classificationMetrics, type LabelPair } from './classification-metrics.js';
import { fitLinearTextModel } from './fit-linear-text-model.js';
import { hashFold } from './train-issue-classifier.js';

/** Everything that defines a model except what it learns and its thresholds. */
export interface TrainingSettings {
  features: ReviewFeatureOptions;
  /** TF-IDF and logistic regression settings. */
  linear: LinearTextSettings;
}

/** Output labels, in the order models and reports list them. */
export const REVIEW_LABELS: ReviewLabel[] = ['bug', 'feature', 'other'];

/** One review text with every label it has in the data set. */
interface GroupedReview {
  review: ReviewText;
  /** Indices into {@link ACTIONABLE_REVIEW_LABELS}. */
  labels: number[];
}

/**
 * Fits a model on `examples`.
 *
 * @param examples - Labeled reviews; labels must be keys of {@link DATASET_LABEL_MAP}.
 * @param settings - Features and linear-model settings.
 * @param thresholds - Decision thresholds of bug and feature.
 * @param training - Provenance and measurements stored in the model file (default `{}`).
 * @returns The model, ready to save as JSON or load with `loadReviewClassifier`.
 */
export function trainReviewClassifier(
  examples: readonly LabeledReview[],
  settings: TrainingSettings,
  thresholds: { bug: number; feature: number },
  training: Record<string, unknown> = {},
): ReviewClassifierModel {
  const grouped = groupByText(examples);
  return {
    format: REVIEW_CLASSIFIER_FORMAT,
    version: REVIEW_CLASSIFIER_VERSION,
    labels: REVIEW_LABELS,
    features: settings.features,
    thresholds,
    training,
    model: fitLinearTextModel(
      grouped.map(({ review }) => reviewTokens(review, settings.features)),
      grouped.map(({ labels }) => labels),
      { mode: 'one-vs-rest', classes: ACTIONABLE_REVIEW_LABELS.length },
      settings.linear,
    ),
  };
}

/** One cross-validated row: its output label and the probabilities of a model that did not see it. */
export interface FoldPrediction {
  actual: ReviewLabel;
  probabilities: { bug: number; feature: number };
  /** False when no term of the review is in that model's vocabulary. */
  known: boolean;
}

/**
 * Runs k-fold cross-validation. Folds are assigned by a hash of the review text, so the same text
 * (under two labels) never sits in training and validation at once.
 *
 * @param examples - Labeled reviews.
 * @param settings - Settings to evaluate.
 * @param folds - Number of folds (default 5).
 * @returns One prediction per example row, in input order.
 */
export function crossValidateReviews(
  examples: readonly LabeledReview[],
  settings: TrainingSettings,
  folds = 5,
): FoldPrediction[] {
  const foldOf = examples.map((example) => textFold(example.text, folds));
  const predictions: FoldPrediction[] = new Array(examples.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const test = examples.flatMap((_, index) => (foldOf[index] === fold ? [index] : []));
    const predicted = predictHeldOut(
      examples.filter((_, index) => foldOf[index] !== fold),
      test.map((index) => examples[index] as LabeledReview),
      settings,
    );
    test.forEach((index, position) => {
      predictions[index] = predicted[position] as FoldPrediction;
    });
  }
  return predictions;
}

/**
 * Trains a review classifier with `settings` on `train` and predicts `test` with it (a held-apart
 * set: other folds, or other apps).
 * @returns one prediction per test review, in order.
 */
export function predictHeldOut(
  train: readonly LabeledReview[],
  test: readonly LabeledReview[],
  settings: TrainingSettings,
): FoldPrediction[] {
  const grouped = groupByText(train);
  const model = loadLinearTextModel(
    fitLinearTextModel(
      grouped.map(({ review }) => reviewTokens(review, settings.features)),
      grouped.map(({ labels }) => labels),
      { mode: 'one-vs-rest', classes: ACTIONABLE_REVIEW_LABELS.length },
      settings.linear,
    ),
  );
  return test.map((example) => {
    const { probabilities, knownTerms } = model.predict(reviewTokens(example, settings.features));
    return {
      actual: DATASET_LABEL_MAP[example.label] ?? 'other',
      probabilities: { bug: probabilities[0] ?? 0, feature: probabilities[1] ?? 0 },
      known: knownTerms > 0,
    };
  });
}

/**
 * Chooses the bug and feature thresholds that maximise the mean of their F1 scores on
 * cross-validated probabilities. The grid is searched in order; the first best wins ties.
 *
 * @param predictions - Cross-validated probabilities from {@link crossValidateReviews}.
 * @param grid - Thresholds to try (default 0.05 … 0.95 in steps of 0.025).
 * @returns The best thresholds and the mean bug/feature F1 they reach.
 */
export function tuneThresholds(
  predictions: readonly FoldPrediction[],
  grid: readonly number[] = Array.from({ length: 37 }, (_, index) => 0.05 + index * 0.025),
): { thresholds: { bug: number; feature: number }; score: number } {
  let best = { thresholds: { bug: 0.5, feature: 0.5 }, score: -1 };
  for (const bug of grid) {
    for (const feature of grid) {
      const thresholds = { bug: round(bug), feature: round(feature) };
      const metrics = classificationMetrics(decideAll(predictions, thresholds), REVIEW_LABELS);
      const score = ((metrics.perLabel.bug?.f1 ?? 0) + (metrics.perLabel.feature?.f1 ?? 0)) / 2;
      if (score > best.score + 1e-12) best = { thresholds, score };
    }
  }
  return best;
}

/**
 * Actual/predicted pairs of cross-validated probabilities under the given thresholds.
 *
 * @param predictions - Cross-validated probabilities.
 * @param thresholds - Bug and feature thresholds.
 * @returns One pair per prediction.
 */
export function decideAll(
  predictions: readonly FoldPrediction[],
  thresholds: { bug: number; feature: number },
): LabelPair[] {
  return predictions.map(({ actual, probabilities, known }) => ({
    actual,
    predicted: known ? decideReview(probabilities, thresholds).label : 'other',
  }));
}

/** Groups rows by text key: one entry per distinct text with all its actionable labels. */
function groupByText(examples: readonly LabeledReview[]): GroupedReview[] {
  const byKey = new Map<string, GroupedReview>();
  for (const example of examples) {
    const key = reviewTextKey(example.text);
    const entry = byKey.get(key) ?? { review: example, labels: [] };
    const index = ACTIONABLE_REVIEW_LABELS.indexOf(example.label as 'bug');
    if (index >= 0 && !entry.labels.includes(index)) entry.labels.push(index);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/**
 * The key under which review texts count as the same (lower-cased, whitespace collapsed). The
 * data set is multi-label: one text appears once per label, so cross-validation folds, training
 * and the benchmark's single-label ceiling all group rows by this key.
 *
 * @param text - A review's text.
 * @returns The normalised text.
 */
export function reviewTextKey(text: string): string {
  return collapseWhitespace(text.toLowerCase());
}

function textFold(text: string, folds: number): number {
  return hashFold(reviewTextKey(text), folds);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
