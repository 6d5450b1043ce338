/**
 * The offline review classifier: a wink naive Bayes text classifier over review tokens, with
 * per-label score offsets (class-prior adjustment) chosen by cross-validation on the training split.
 * The trained model is plain JSON (model/review-classifier.json), versioned, and rebuilt by
 * `npm run train:classify`.
 */
import {
  checkModelFile,
  type NaiveBayesConfig,
  naiveBayesVocabulary,
  restoreNaiveBayes,
  scoreTokens,
} from './naive-bayes.js';
import { type ReviewFeatureOptions, type ReviewText, reviewTokens } from './review-features.js';

/** Marks a file as a Sightline review-classifier model. */
export const REVIEW_CLASSIFIER_FORMAT = 'sightline-review-classifier';
/** The model-file version this code reads. Bump it when the file's shape or meaning changes. */
export const REVIEW_CLASSIFIER_VERSION = 2;

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
  naiveBayes: NaiveBayesConfig;
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
  /** Set when the review is probably in a language the model was not trained on (confidence capped). */
  unfamiliarLanguage?: string;
}

/** A loaded review classifier. */
export interface ReviewClassifier {
  readonly model: ReviewClassifierModel;
  /**
   * Classifies one review: wink's one-vs-rest log2 odds plus the model's offsets, scored as in
   * `scoreOdds` (a ranking, not a calibrated probability). A review with no known token gets a
   * uniform score and the label `other`; one whose words are mostly unknown (another language)
   * keeps its label but its confidence is capped at `UNFAMILIAR_LANGUAGE_CONFIDENCE`.
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
  checkModelFile(model, { format: REVIEW_CLASSIFIER_FORMAT, version: REVIEW_CLASSIFIER_VERSION });
  const classifier = restoreNaiveBayes(model.learning);
  const vocabulary = naiveBayesVocabulary(model.learning);

  return {
    model,
    predict(review) {
      const tokens = reviewTokens(review, model.features);
      const knownTokens = tokens.filter((token) => vocabulary.has(token)).length;
      const text = `${review.title ?? ''}\n${review.text}`;
      const scored = scoreTokens(classifier, tokens, model, {
        fallback: 'other',
        text,
        vocabulary,
      });
      return { ...scored, knownTokens };
    },
  };
}
