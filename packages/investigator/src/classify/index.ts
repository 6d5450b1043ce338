/**
 * Classification: bug, crash, feature or other, offline (exception rule + trained review
 * classifier) or with a language model.
 */
export {
  CRASH_RULE_CONFIDENCE,
  classify,
  classifyOffline,
  shippedReviewClassifier,
  type ClassifyOptions,
} from './classify.js';
export { MODEL_CHOICE_CONFIDENCE, classifyWithModel, type ClassifyWithModelOptions } from './classify-with-model.js';
export {
  classificationMetrics,
  type ClassificationMetrics,
  type LabelMetrics,
  type LabelPair,
} from './classification-metrics.js';
export { readLabeledReviews } from './labeled-reviews.js';
export {
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  loadReviewClassifier,
  type ReviewClassifier,
  type ReviewClassifierModel,
  type ReviewLabel,
  type ReviewPrediction,
} from './review-classifier.js';
export type { ReviewFeatureOptions, ReviewText } from './review-features.js';
export { DATASET_LABEL_MAP, REVIEW_LABELS, type LabeledReview } from './train-review-classifier.js';
export { CLASSIFICATION_LABELS, type Classification, type ClassificationLabel } from './types.js';
