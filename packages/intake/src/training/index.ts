/**
 * @sightline/intake/training — how the offline classifiers shipped in `classify/model/` are made
 * and measured: fitting (TF-IDF vocabulary, L2 logistic regression by L-BFGS, Naive-Bayes
 * weighting), training and k-fold cross-validation of the review and issue classifiers, threshold
 * tuning, and per-label metrics. Used by `npm run train:classify` (scripts/train-classifier.ts)
 * and `npm run bench:classify`; no runtime entry imports it. Not a stable API.
 */

export {
  type ClassificationMetrics,
  classificationMetrics,
  type LabelMetrics,
  type LabelPair,
} from './classification-metrics.js';
export {
  fitLogisticRegression,
  type LogisticRegressionOptions,
} from './fit-logistic-regression.js';
export { type LbfgsOptions, minimize, type Objective } from './lbfgs.js';
export {
  EXTRA_REVIEW_SOURCES,
  hasSnapshot,
  type ReviewSource,
  readExtraReviews,
  readReviewSource,
  readSnapshotFile,
  type SourcedReview,
} from './review-sources.js';
export {
  crossValidateIssues,
  type IssueTrainingSettings,
  trainIssueClassifier,
} from './train-issue-classifier.js';
export {
  crossValidateReviews,
  decideAll,
  type FoldPrediction,
  predictHeldOut,
  REVIEW_LABELS,
  reviewTextKey,
  type TrainingSettings,
  trainReviewClassifier,
  tuneThresholds,
} from './train-review-classifier.js';
