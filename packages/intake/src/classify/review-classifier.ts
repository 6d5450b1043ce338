/**
 * The offline review classifier: one-vs-rest logistic regression (NB-weighted as the trained
 * settings say: `training/nb-weighting.ts`) on TF-IDF of review tokens (`reviewTokens`: title, text with
 * negation scope, update words, the star rating, request and problem patterns; word bigrams and
 * character n-grams as chosen by cross-validation), one binary model per actionable label (bug, feature), each with its own
 * decision threshold chosen by cross-validation on the training split. One-vs-rest because the
 * data are multi-label (one review text may be a bug report and praise at once: see the reviews
 * README). Neither threshold met → `other`. Exception names and crash words are read as `crash`
 * (`shared-error-words.ts`; version 4). Stored as versioned JSON in
 * model/review-classifier.json and rebuilt by `npm run train:classify`.
 */
import {
  type LinearTextModel,
  loadLinearTextModel,
  type StoredLinearTextModel,
} from './linear-text-model.js';
import { checkModelFile } from './model-file.js';
import { type ReviewFeatureOptions, type ReviewText, reviewTokens } from './review-features.js';
import { withSharedErrorWords } from './shared-error-words.js';
import {
  LANGUAGE_SAMPLE_CHARS,
  UNFAMILIAR_LANGUAGE_CONFIDENCE,
  unfamiliarLanguageReason,
} from './unfamiliar-language.js';

/** Marks a file as a Sightline review-classifier model. */
export const REVIEW_CLASSIFIER_FORMAT = 'sightline-review-classifier';
/** The model-file version this code reads. Bump it when the file's shape or meaning changes. */
export const REVIEW_CLASSIFIER_VERSION = 4;

/** The labels the offline review classifier outputs (crash comes from the exception rule). */
export type ReviewLabel = 'bug' | 'feature' | 'other';

/** The labels with a binary model of their own, in the stored model's class order. */
export const ACTIONABLE_REVIEW_LABELS = ['bug', 'feature'] as const;

/** A label with a binary model of its own. */
export type ActionableReviewLabel = (typeof ACTIONABLE_REVIEW_LABELS)[number];

/** A trained review classifier, as stored on disk. */
export interface ReviewClassifierModel {
  format: typeof REVIEW_CLASSIFIER_FORMAT;
  version: number;
  /** Output labels, in a fixed order. */
  labels: ReviewLabel[];
  features: ReviewFeatureOptions;
  /** One-vs-rest model; class k is `ACTIONABLE_REVIEW_LABELS[k]`. */
  model: StoredLinearTextModel;
  /** Probability at or above which a review gets the label (chosen by cross-validation). */
  thresholds: { bug: number; feature: number };
  /** How the model was trained and what cross-validation measured (informational). */
  training: Record<string, unknown>;
}

/** The classifier's answer for one review. */
export interface ReviewPrediction {
  label: ReviewLabel;
  /** Confidence in `label`, 0..1 (see {@link ReviewClassifier.predict}). */
  confidence: number;
  /** Each actionable label's own probability under its binary model (they need not sum to 1). */
  probabilities: { bug: number; feature: number };
  /**
   * Every actionable label whose probability reached its threshold, in
   * {@link ACTIONABLE_REVIEW_LABELS} order: the one-vs-rest decisions before one label wins (a
   * review may be a bug report and a feature request at once). Empty for `other` and for a review
   * with no known word.
   */
  reachedThreshold: ActionableReviewLabel[];
  /**
   * How far the label is from changing, 0..1 (see {@link reviewMargin}); 0 for a review with no
   * known word, whose `other` is no decision of the model.
   */
  margin: number;
  /** How many of the review's terms the model knows. */
  knownTokens: number;
  /** The terms that raised the winning label's score most, best first (none for `other`). */
  topFeatures: string[];
  /** Set when the review is probably in a language the model was not trained on (confidence capped). */
  unfamiliarLanguage?: string;
}

/** A loaded review classifier. */
export interface ReviewClassifier {
  readonly model: ReviewClassifierModel;
  /**
   * Classifies one review. Every label whose probability reaches its threshold is a candidate
   * (`reachedThreshold` lists them); the one furthest above its threshold (ratio) wins. No candidate → `other`. The confidence is
   * 0.5 at the threshold and rises linearly to 1 at probability 1 (for `other`: at probability 0
   * of both labels) — a ranking that respects the thresholds, not a calibrated probability. A review with no known word
   * (rating aside) is `other` with confidence 1/3; one whose words are mostly unknown (another language) keeps
   * its label with confidence capped at `UNFAMILIAR_LANGUAGE_CONFIDENCE` and a reason.
   *
   * @param review - The review's title, text and rating.
   * @returns The label, its confidence, the per-label probabilities, the margin and the strongest terms.
   */
  predict(review: ReviewText): ReviewPrediction;
}

/** How many top features a prediction lists. */
const TOP_FEATURES = 3;

/**
 * Loads a trained model.
 *
 * @param model - The parsed model file.
 * @returns A classifier ready to predict.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the file is not a review-classifier model
 *   of version {@link REVIEW_CLASSIFIER_VERSION}, or is damaged.
 */
export function loadReviewClassifier(model: ReviewClassifierModel): ReviewClassifier {
  checkModelFile(model, { format: REVIEW_CLASSIFIER_FORMAT, version: REVIEW_CLASSIFIER_VERSION });
  const linear: LinearTextModel = loadLinearTextModel(model.model);
  return {
    model,
    predict(review) {
      const tokens = reviewTokens(review, model.features);
      const prediction = linear.predict(tokens);
      const probabilities = {
        bug: prediction.probabilities[0] ?? 0,
        feature: prediction.probabilities[1] ?? 0,
      };
      // Exception names are code, not a language: read as the model reads them.
      const sample = `${review.title ?? ''}\n${review.text}`.slice(0, LANGUAGE_SAMPLE_CHARS);
      const unfamiliarLanguage = unfamiliarLanguageReason(
        model.features.errorWords ? withSharedErrorWords(sample) : sample,
        linear.words,
      );
      const flagged = unfamiliarLanguage ? { unfamiliarLanguage } : {};
      if (!tokens.some((token) => linear.words.has(token))) {
        return {
          label: 'other',
          confidence: 1 / 3,
          probabilities,
          reachedThreshold: [],
          margin: 0,
          knownTokens: 0,
          topFeatures: [],
          ...flagged,
        };
      }
      const decided = decideReview(probabilities, model.thresholds);
      const index = ACTIONABLE_REVIEW_LABELS.indexOf(decided.label as 'bug');
      const result: ReviewPrediction = {
        ...decided,
        probabilities,
        reachedThreshold: reachedThreshold(probabilities, model.thresholds),
        margin: reviewMargin(probabilities, model.thresholds),
        knownTokens: prediction.knownTerms,
        topFeatures: index < 0 ? [] : prediction.strongest(index, TOP_FEATURES),
      };
      if (!unfamiliarLanguage) return result;
      return {
        ...result,
        confidence: Math.min(result.confidence, UNFAMILIAR_LANGUAGE_CONFIDENCE),
        unfamiliarLanguage,
      };
    },
  };
}

/**
 * How far a review's label is from changing: the smallest change of one label's probability that
 * makes {@link decideReview} answer another label (the label falling below its threshold or below
 * the other's ratio, the other rising to its threshold or above the label's ratio; for `other`,
 * either label reaching its threshold).
 *
 * @param probabilities - Each actionable label's probability.
 * @param thresholds - Each actionable label's threshold (0..1].
 * @returns 0..1, in probability; 0 on a decision boundary.
 * @example reviewMargin({ bug: 0.42, feature: 0.53 }, { bug: 0.6, feature: 0.525 }); // 0.005
 */
export function reviewMargin(
  probabilities: { bug: number; feature: number },
  thresholds: { bug: number; feature: number },
): number {
  const { label } = decideReview(probabilities, thresholds);
  if (label === 'other') {
    return Math.min(thresholds.bug - probabilities.bug, thresholds.feature - probabilities.feature);
  }
  const other = label === 'bug' ? 'feature' : 'bug';
  return Math.min(
    probabilities[label] - thresholds[label] * Math.max(1, ratio(other, probabilities, thresholds)),
    thresholds[other] * ratio(label, probabilities, thresholds) - probabilities[other],
  );
}

/**
 * The one-vs-rest decisions: every actionable label whose probability reached its threshold.
 *
 * @param probabilities - Each actionable label's probability.
 * @param thresholds - Each actionable label's threshold (0..1].
 * @returns Those labels, in {@link ACTIONABLE_REVIEW_LABELS} order; empty when none did.
 * @example reachedThreshold({ bug: 0.8, feature: 0.85 }, { bug: 0.6, feature: 0.525 }); // ['bug', 'feature']
 */
export function reachedThreshold(
  probabilities: { bug: number; feature: number },
  thresholds: { bug: number; feature: number },
): ActionableReviewLabel[] {
  return ACTIONABLE_REVIEW_LABELS.filter((label) => ratio(label, probabilities, thresholds) >= 1);
}

/** A label's probability as a multiple of its threshold (1 at the threshold). */
function ratio(
  label: ActionableReviewLabel,
  probabilities: { bug: number; feature: number },
  thresholds: { bug: number; feature: number },
): number {
  return probabilities[label] / thresholds[label];
}

/**
 * The decision rule of {@link ReviewClassifier.predict}, shared with cross-validation.
 *
 * @param probabilities - Each actionable label's probability.
 * @param thresholds - Each actionable label's threshold (0..1].
 * @returns The label and its confidence.
 */
export function decideReview(
  probabilities: { bug: number; feature: number },
  thresholds: { bug: number; feature: number },
): { label: ReviewLabel; confidence: number } {
  const bug = ratio('bug', probabilities, thresholds);
  const feature = ratio('feature', probabilities, thresholds);
  if (reachedThreshold(probabilities, thresholds).length === 0) {
    return { label: 'other', confidence: 0.5 + 0.5 * (1 - Math.max(bug, feature)) };
  }
  const label = bug >= feature ? 'bug' : 'feature';
  const above = (probabilities[label] - thresholds[label]) / (1 - thresholds[label] || 1);
  return { label, confidence: 0.5 + 0.5 * above };
}
