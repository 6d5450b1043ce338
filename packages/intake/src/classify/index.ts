/**
 * Classification: bug, crash, feature, question or other — offline (the crash rule, a trained
 * review classifier and a trained issue classifier) or with a language model that falls back to
 * offline on any failure.
 */

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
export { type LabeledIssue, readLabeledIssues } from './labeled-issues.js';
export { DATASET_LABEL_MAP, type LabeledReview, readLabeledReviews } from './labeled-reviews.js';
export type {
  LinearTextMode,
  LinearTextSettings,
  StoredLinearTextModel,
} from './linear-text-model.js';
export {
  ACTIONABLE_REVIEW_LABELS,
  type ActionableReviewLabel,
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
  isErrorTypeName,
  SHARED_ERROR_WORD,
  withSharedErrorWords,
} from './shared-error-words.js';
export { CLASSIFICATION_LABELS, type Classification, type ClassificationLabel } from './types.js';
export { MIN_KNOWN_WORD_SHARE, UNFAMILIAR_LANGUAGE_CONFIDENCE } from './unfamiliar-language.js';
