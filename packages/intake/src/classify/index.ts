/**
 * Classification: bug, crash, feature or other, offline (exception rule + trained review
 * classifier) or with a language model.
 */

export {
  type ClassificationMetrics,
  classificationMetrics,
  type LabelMetrics,
  type LabelPair,
} from './classification-metrics.js';
export {
  type ClassifyOptions,
  CRASH_RULE_CONFIDENCE,
  classify,
  classifyOffline,
  shippedReviewClassifier,
} from './classify.js';
export {
  type ClassifyWithModelOptions,
  classifyWithModel,
  MODEL_CHOICE_CONFIDENCE,
} from './classify-with-model.js';
export { readLabeledReviews } from './labeled-reviews.js';
export {
  loadReviewClassifier,
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  type ReviewClassifier,
  type ReviewClassifierModel,
  type ReviewLabel,
  type ReviewPrediction,
} from './review-classifier.js';
export type { ReviewFeatureOptions, ReviewText } from './review-features.js';
export {
  DATASET_LABEL_MAP,
  type LabeledReview,
  REVIEW_LABELS,
  reviewTextKey,
} from './train-review-classifier.js';
export { CLASSIFICATION_LABELS, type Classification, type ClassificationLabel } from './types.js';
