/**
 * The result of classifying a report: what kind of feedback it is, how sure we are, and why.
 */
import type { ActionableReviewLabel } from './review-classifier.js';

/**
 * What a report is: a defect, a crash (a report with a stack trace, a crash log or a Sentry
 * event), a feature request, a question (how do I…, is it possible…), or anything else (praise,
 * experience, complaints about price).
 */
export type ClassificationLabel = (typeof CLASSIFICATION_LABELS)[number];

/** Every {@link ClassificationLabel}, in the order reports list them. */
export const CLASSIFICATION_LABELS = ['bug', 'crash', 'feature', 'question', 'other'] as const;

/** A report's classification. */
export interface Classification {
  label: ClassificationLabel;
  /** 0..1; a ranking signal rather than a calibrated probability (see each method's docs). */
  confidence: number;
  /**
   * `offline`: the crash rule or a trained offline classifier (also when a model was asked and
   * failed: the reasons say so); `model`: a language model chose.
   */
  method: 'offline' | 'model';
  /**
   * Set by the offline classifiers only: how far the label is from changing, in probability, 0..1 (the
   * issue classifier's lead of its label over the next; the review classifier's distance of the
   * label nearest its threshold). Absent for the crash rule and a model's answer.
   */
  margin?: number;
  /**
   * Set by the offline review classifier only: every label whose own one-vs-rest probability
   * reached its threshold, in the order `['bug', 'feature']`, the winning label among them; `[]`
   * when none did (the label is then `other`). The review data are multi-label, so a review
   * labelled `feature` may also be a bug report: `['bug', 'feature']` says its bug score was over
   * the bug threshold too. Absent for the issue classifier (one softmax label), the crash rule and
   * a model's answer.
   */
  reachedThreshold?: ActionableReviewLabel[];
  /** Short, human-readable reasons: the rule that fired, the strongest features, or the model's reason. */
  reasons: string[];
  /**
   * True when the offline classifier knows too few of the report's words (it is probably in a
   * language the model was not trained on): the label is a guess, and the reasons say so.
   */
  guess?: true;
  /**
   * Set when a model was asked for and its call failed (a refused key, an unreachable server, an
   * answer off the schema): why, in one line. The label is then the offline classifiers'.
   */
  modelFailure?: string;
}
