/**
 * Per-label precision, recall and F1, the confusion matrix and accuracy of a set of predictions —
 * the figures the training script's cross-validation and `npm run bench:classify` report.
 */

/** Precision, recall and F1 of one label; 0 where undefined (no prediction or no instance). */
export interface LabelMetrics {
  precision: number;
  recall: number;
  f1: number;
  /** How many items truly carry the label. */
  support: number;
}

/** The metrics of a whole evaluation. */
export interface ClassificationMetrics {
  /** Share of items whose predicted label equals the actual one. */
  accuracy: number;
  perLabel: Record<string, LabelMetrics>;
  /** Unweighted mean F1 over the labels given to {@link classificationMetrics}. */
  macroF1: number;
  /** `confusion[actual][predicted]` = number of items. */
  confusion: Record<string, Record<string, number>>;
  /** Number of items evaluated. */
  count: number;
}

/** One evaluated item. */
export interface LabelPair {
  actual: string;
  predicted: string;
}

/**
 * Computes precision, recall, F1 per label, the confusion matrix and accuracy.
 *
 * @param pairs - Actual and predicted label of each item.
 * @param labels - Labels to report, in order; a label seen in `pairs` but missing here is added.
 * @returns The metrics; every label in `labels` appears even when it has no item.
 */
export function classificationMetrics(
  pairs: readonly LabelPair[],
  labels: readonly string[],
): ClassificationMetrics {
  const allLabels = [...labels];
  for (const { actual, predicted } of pairs) {
    for (const label of [actual, predicted]) if (!allLabels.includes(label)) allLabels.push(label);
  }
  const confusion: Record<string, Record<string, number>> = {};
  for (const actual of allLabels) {
    confusion[actual] = Object.fromEntries(allLabels.map((predicted) => [predicted, 0]));
  }
  let correct = 0;
  for (const { actual, predicted } of pairs) {
    const row = confusion[actual] as Record<string, number>;
    row[predicted] = (row[predicted] ?? 0) + 1;
    if (actual === predicted) correct += 1;
  }
  const perLabel: Record<string, LabelMetrics> = {};
  for (const label of allLabels) {
    const truePositives = confusion[label]?.[label] ?? 0;
    const support = allLabels.reduce(
      (sum, predicted) => sum + (confusion[label]?.[predicted] ?? 0),
      0,
    );
    const predictedCount = allLabels.reduce(
      (sum, actual) => sum + (confusion[actual]?.[label] ?? 0),
      0,
    );
    const precision = predictedCount === 0 ? 0 : truePositives / predictedCount;
    const recall = support === 0 ? 0 : truePositives / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    perLabel[label] = { precision, recall, f1, support };
  }
  const macroF1 =
    labels.length === 0
      ? 0
      : labels.reduce((sum, label) => sum + (perLabel[label]?.f1 ?? 0), 0) / labels.length;
  return {
    accuracy: pairs.length === 0 ? 0 : correct / pairs.length,
    perLabel,
    macroF1,
    confusion,
    count: pairs.length,
  };
}
