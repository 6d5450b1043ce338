/**
 * Classification: bug, crash, feature, question or other — offline (the crash rule, a trained
 * review classifier and a trained issue classifier) or with a language model that falls back to
 * offline on any failure.
 */

export {
  type ClassificationMetrics,
  classificationMetrics,
  type LabelMetrics,
  type LabelPair,
} from './classification-metrics.js';
export {
  type ClassifyOptions,
  classify,
  classifyOffline,
  DEFAULT_CLASSIFY_TIMEOUT_MS,
  shippedIssueClassifier,
  shippedReviewClassifier,
} from './classify.js';
export {
  type ClassifyWithModelOptions,
  classifyWithModel,
  modelClassificationSchema,
} from './classify-with-model.js';
export { CRASH_RULE_CONFIDENCE, crashRule } from './crash-rule.js';
export {
  createExamplePool,
  type ExamplePool,
  type LabeledExample,
  readExamplePool,
} from './example-pool.js';
export {
  ISSUE_CLASSIFIER_FORMAT,
  ISSUE_CLASSIFIER_VERSION,
  ISSUE_LABELS,
  type IssueClassifier,
  type IssueClassifierModel,
  type IssueLabel,
  type IssuePrediction,
  loadIssueClassifier,
} from './issue-classifier.js';
export type { IssueFeatureOptions, IssueText } from './issue-features.js';
export { readLabeledIssues } from './labeled-issues.js';
export { readLabeledReviews } from './labeled-reviews.js';
export { type LbfgsOptions, minimize, type Objective } from './lbfgs.js';
export type {
  LinearTextMode,
  LinearTextSettings,
  StoredLinearTextModel,
} from './linear-text-model.js';
export {
  ACTIONABLE_REVIEW_LABELS,
  decideReview,
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
  crossValidateIssues,
  type IssueTrainingSettings,
  type LabeledIssue,
  trainIssueClassifier,
} from './train-issue-classifier.js';
export {
  crossValidateReviews,
  DATASET_LABEL_MAP,
  decideAll,
  type FoldPrediction,
  type LabeledReview,
  REVIEW_LABELS,
  reviewTextKey,
  type TrainingSettings,
  trainReviewClassifier,
  tuneThresholds,
} from './train-review-classifier.js';
export { CLASSIFICATION_LABELS, type Classification, type ClassificationLabel } from './types.js';
export { MIN_KNOWN_WORD_SHARE, UNFAMILIAR_LANGUAGE_CONFIDENCE } from './unfamiliar-language.js';
