/**
 * The offline review classifier: a wink naive Bayes text classifier over review tokens, with
 * per-label score offsets (class-prior adjustment) chosen by cross-validation on the training split.
 * The trained model is plain JSON (model/review-classifier.json), versioned, and rebuilt by
 * `npm run train:classifier`.
 */
import { SightlineError } from '@sightline/core';
import naiveBayesTextClassifier, {
  type NaiveBayesTextClassifier,
} from 'wink-naive-bayes-text-classifier';
import { type ReviewFeatureOptions, type ReviewText, reviewTokens } from './review-features.js';

/** Marks a file as a Sightline review-classifier model. */
export const REVIEW_CLASSIFIER_FORMAT = 'sightline-review-classifier';
/** The model-file version this code reads. Bump it when the file's shape or meaning changes. */
export const REVIEW_CLASSIFIER_VERSION = 1;

/** The labels the offline review classifier outputs (crash comes from the exception rule). */
export type ReviewLabel = 'bug' | 'feature' | 'other';

/** A trained review classifier, as stored on disk. */
export interface ReviewClassifierModel {
  format: typeof REVIEW_CLASSIFIER_FORMAT;
  version: number;
  /** Output labels, in a fixed order. */
  labels: ReviewLabel[];
  /** Maps each label the classifier was trained on to an output label. */
  labelMap: Record<string, ReviewLabel>;
  features: ReviewFeatureOptions;
  naiveBayes: { considerOnlyPresence: boolean; smoothingFactor: number };
  /** Added to a trained label's log2 odds before scoring (class-prior adjustment); 0 when absent. */
  offsets: Record<string, number>;
  /** The wink classifier's learning, as returned by its `exportJSON()`. */
  learning: string;
  /** How the model was trained and what cross-validation measured (informational). */
  training: Record<string, unknown>;
}

/** The classifier's answer for one review. */
export interface ReviewPrediction {
  label: ReviewLabel;
  /** Score of `label`, 0..1 (see {@link ReviewClassifier.predict}). */
  confidence: number;
  /** Score of every output label, summing to 1. */
  scores: Record<ReviewLabel, number>;
  /** How many of the review's tokens the model knows. */
  knownTokens: number;
}

/** A loaded review classifier. */
export interface ReviewClassifier {
  readonly model: ReviewClassifierModel;
  /**
   * Classifies one review. Each trained label's log2 odds (wink's one-vs-rest odds plus the
   * model's offset) become a probability with the logistic function; these are normalised to sum
   * to 1 and summed per output label. The label with the highest score wins and its score is the
   * confidence. Naive Bayes is known to be over-confident, so read it as a ranking, not a
   * calibrated probability. A review with no known token gets a uniform score and the label `other`.
   *
   * @param review - The review's title, text and rating.
   * @returns The predicted label, its confidence and every label's score.
   */
  predict(review: ReviewText): ReviewPrediction;
}

/**
 * Loads a trained model.
 *
 * @param model - The parsed model file.
 * @returns A classifier ready to predict.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the file is not a review-classifier model
 *   of version {@link REVIEW_CLASSIFIER_VERSION}.
 */
export function loadReviewClassifier(model: ReviewClassifierModel): ReviewClassifier {
  if (model.format !== REVIEW_CLASSIFIER_FORMAT || model.version !== REVIEW_CLASSIFIER_VERSION) {
    throw new SightlineError({
      code: 'CACHE_VERSION_MISMATCH',
      message: `The review-classifier model is ${model.format ?? 'of unknown format'} version ${String(model.version)}, but this Sightline reads ${REVIEW_CLASSIFIER_FORMAT} version ${REVIEW_CLASSIFIER_VERSION}. Retrain it with \`npm run train:classifier\`.`,
      details: { format: model.format, version: model.version },
    });
  }
  const classifier = restoreNaiveBayes(model.learning);
  const vocabulary = new Set(JSON.parse(model.learning)[4] as string[]);

  return {
    model,
    predict(review) {
      const tokens = reviewTokens(review, model.features);
      const knownTokens = tokens.filter((token) => vocabulary.has(token)).length;
      if (knownTokens === 0) {
        const uniform = 1 / model.labels.length;
        const scores = Object.fromEntries(model.labels.map((label) => [label, uniform]));
        return {
          label: 'other',
          confidence: uniform,
          scores: scores as Record<ReviewLabel, number>,
          knownTokens,
        };
      }
      return { ...scoreOdds(classifier.computeOdds(tokens), model), knownTokens };
    },
  };
}

/**
 * Rebuilds a consolidated wink classifier from its exported learning. Inputs are taken as
 * already-tokenized (`reviewTokens`), so no preparation task runs. Shared with cross-validation,
 * which needs the raw odds rather than {@link ReviewClassifier.predict}'s scores.
 *
 * @param learning - The string wink's `exportJSON()` returned.
 * @returns A classifier ready for `computeOdds`.
 * @throws Error from wink (`importJSON`) when `learning` is not an exported wink model.
 */
export function restoreNaiveBayes(learning: string): NaiveBayesTextClassifier {
  const classifier = naiveBayesTextClassifier();
  classifier.importJSON(learning);
  classifier.definePrepTasks([(tokens) => tokens]);
  classifier.consolidate();
  return classifier;
}

/**
 * Turns wink's per-label log2 odds into output-label scores and a decision, as described in
 * {@link ReviewClassifier.predict}. Exported for the training script, which tunes `offsets` on
 * cross-validated odds without retraining.
 *
 * @param odds - `[trained label, log2 odds]` pairs from wink's `computeOdds`.
 * @param model - Output labels, label map and offsets to apply.
 * @returns The winning output label, its score as confidence, and every output label's score.
 */
export function scoreOdds(
  odds: ReadonlyArray<readonly [string, number]>,
  model: Pick<ReviewClassifierModel, 'labels' | 'labelMap' | 'offsets'>,
): Omit<ReviewPrediction, 'knownTokens'> {
  const scores = Object.fromEntries(model.labels.map((label) => [label, 0])) as Record<
    ReviewLabel,
    number
  >;
  const probabilities = odds.map(
    ([label, value]) => [label, 1 / (1 + 2 ** -(value + (model.offsets[label] ?? 0)))] as const,
  );
  const total = probabilities.reduce((sum, [, probability]) => sum + probability, 0);
  for (const [label, probability] of probabilities) {
    const output = model.labelMap[label];
    if (output) scores[output] += probability / total;
  }
  const label = model.labels.reduce((best, candidate) =>
    scores[candidate] > scores[best] ? candidate : best,
  );
  return { label, confidence: scores[label], scores };
}
