/**
 * The result of classifying a report: what kind of feedback it is, how sure we are, and why.
 */

/** What a report is: a defect, a crash (a report with an exception), a feature request, or anything else. */
export type ClassificationLabel = 'bug' | 'crash' | 'feature' | 'other';

/** Every {@link ClassificationLabel}, in the order reports list them. */
export const CLASSIFICATION_LABELS: readonly ClassificationLabel[] = [
  'bug',
  'crash',
  'feature',
  'other',
];

/** A report's classification. */
export interface Classification {
  label: ClassificationLabel;
  /** 0..1; a ranking signal rather than a calibrated probability (see each method's docs). */
  confidence: number;
  /** `offline`: the exception rule or the trained review classifier; `model`: a language model chose. */
  method: 'offline' | 'model';
  /** Short, human-readable reasons for the label. */
  reasons: string[];
}
