/**
 * Multinomial (softmax) logistic regression on sparse feature vectors: the model of the offline
 * classifiers, as prediction. Fitting (L2-regularised, by L-BFGS) is in
 * `training/fit-logistic-regression.ts`.
 */

/** A sparse vector: feature indices (ascending) and their values. */
export interface SparseVector {
  indices: Uint32Array;
  values: Float64Array;
}

/** A fitted model: `weights[class][feature]` and `bias[class]`. */
export interface LogisticRegressionWeights {
  weights: Float64Array[];
  bias: Float64Array;
}

/**
 * Class probabilities of one example.
 *
 * @param model - Weights and biases.
 * @param row - The example's features.
 * @returns One probability per class, summing to 1.
 */
export function predictProbabilities(
  model: LogisticRegressionWeights,
  row: SparseVector,
): Float64Array {
  const scores = new Float64Array(model.bias.length);
  for (let k = 0; k < scores.length; k += 1) {
    const weights = model.weights[k] as Float64Array;
    let score = model.bias[k] ?? 0;
    for (let j = 0; j < row.indices.length; j += 1) {
      score += (weights[row.indices[j] ?? 0] ?? 0) * (row.values[j] ?? 0);
    }
    scores[k] = score;
  }
  const logSum = logSumExp(scores);
  return scores.map((score) => Math.exp(score - logSum));
}

/**
 * log Σ exp(scores), computed without overflow.
 *
 * @param scores - One score per class.
 * @returns The log of the sum of their exponentials.
 */
export function logSumExp(scores: Float64Array): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const score of scores) max = Math.max(max, score);
  let sum = 0;
  for (const score of scores) sum += Math.exp(score - max);
  return max + Math.log(sum);
}
