/**
 * Naive-Bayes weighting of linear text features, after Wang & Manning 2012 ("Baselines and
 * Bigrams: Simple, Good Sentiment and Topic Classification", ACL; NBSVM): the log-count ratio
 * r = log((p / ‖p‖₁) / (q / ‖q‖₁)) of each feature, with p and q the α-smoothed counts of
 * documents containing it among the positive and the other examples. NBSVM multiplies the
 * binarized features by r before fitting; here |r|^power scales each weight's prior instead
 * (`LogisticRegressionOptions.featureScales` of `fit-logistic-regression.ts`), which fits the same scaled features on the TF-IDF
 * vectors and folds the scale into the stored weights, so prediction is unchanged.
 */
import type { SparseVector } from '../classify/logistic-regression.js';

/**
 * Per-feature NB scales |r|^power for one class against the rest.
 *
 * @param rows - Training feature vectors (a feature counts as present when its value is > 0).
 * @param positive - Whether each row belongs to the class.
 * @param features - Number of features.
 * @param options - `power` (0: all 1, plain logistic regression; 1: NBSVM's r) and the smoothing
 *   `alpha` (Wang & Manning use 1).
 * @returns One scale per feature.
 */
export function nbScales(
  rows: readonly SparseVector[],
  positive: readonly boolean[],
  features: number,
  options: { power: number; alpha?: number },
): Float64Array {
  const alpha = options.alpha ?? 1;
  const p = new Float64Array(features).fill(alpha);
  const q = new Float64Array(features).fill(alpha);
  rows.forEach(({ indices, values }, row) => {
    const counts = positive[row] ? p : q;
    indices.forEach((index, j) => {
      if ((values[j] ?? 0) > 0) counts[index] = (counts[index] ?? 0) + 1;
    });
  });
  const sum = (counts: Float64Array) => counts.reduce((total, value) => total + value, 0);
  const pTotal = sum(p);
  const qTotal = sum(q);
  return p.map(
    (value, j) => Math.abs(Math.log(value / pTotal / ((q[j] ?? alpha) / qTotal))) ** options.power,
  );
}
