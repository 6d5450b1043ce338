/**
 * How the rankers (pairwise-ranker.ts, listwise-ranker.ts) fit their weights: their loss plus an
 * L2 penalty towards a prior, λ/2·‖w − s·prior‖², with s = 1, or a free variable when the prior's
 * scale is fitted (a ranking depends only on the direction of the weights, so the prior's
 * direction is what it knows; see select-ranker.ts), minimised by L-BFGS (`minimize` of
 * @sightline/intake, shared with the classifiers), starting from the prior.
 */
import { minimize } from '@sightline/intake/training';

/** Options of a ranker's fit. */
export interface RankerOptions {
  /** L2 penalty λ (the objective is the reports' summed loss + λ/2·‖w − prior‖²). */
  l2: number;
  /**
   * The weights the penalty pulls towards (a Gaussian prior's mean): the fit moves away from them
   * only as far as the reports support. Default all 0 (plain ridge).
   */
  prior?: readonly number[];
  /**
   * Whether the prior's scale is fitted too: the penalty is then λ/2·‖w − s·prior‖² with s free.
   * A ranking depends only on the direction of the weights, so the prior's is what it knows.
   */
  scalePrior?: boolean;
  /** L-BFGS iterations at most. Default 300. */
  maxIterations?: number;
}

/**
 * Minimises a ranker's loss plus the penalty.
 * @param size - the number of weights.
 * @param options - the penalty, prior and iterations.
 * @param loss - the loss at weights `theta` (its first `size` values), adding its gradient into
 *   `gradient` (zeroed before each call).
 * @returns the fitted weights (`size` of them, without the prior's scale).
 */
export function fitWithPrior(
  size: number,
  options: RankerOptions,
  loss: (theta: Float64Array, gradient: Float64Array) => number,
): number[] {
  const objective = (theta: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    return loss(theta, gradient) + addPriorPenalty(theta, gradient, size, options);
  };
  const { x } = minimize(objective, startingPoint(size, options), {
    maxIterations: options.maxIterations ?? 300,
    relativeTolerance: 1e-9,
  });
  return [...x.subarray(0, size)];
}

/**
 * Adds the penalty to a loss and its gradient.
 * @param theta - the weights (`size` of them), then the prior's scale when it is fitted.
 * @param gradient - the loss's gradient so far, same layout; updated in place.
 * @param size - the number of weights.
 * @param options - the penalty and prior.
 * @returns the penalty's value.
 */
function addPriorPenalty(
  theta: Float64Array,
  gradient: Float64Array,
  size: number,
  { l2, prior = [], scalePrior = false }: RankerOptions,
): number {
  const scale = scalePrior ? (theta[size] as number) : 1;
  if (scalePrior) gradient[size] = 0;
  let penalty = 0;
  for (let at = 0; at < size; at += 1) {
    const value = (theta[at] ?? 0) - scale * (prior[at] ?? 0);
    penalty += (l2 / 2) * value * value;
    gradient[at] = (gradient[at] ?? 0) + l2 * value;
    if (scalePrior) gradient[size] = (gradient[size] as number) - l2 * value * (prior[at] ?? 0);
  }
  return penalty;
}

/**
 * Where L-BFGS starts: the prior, and a scale of 1 when it is fitted.
 * @param size - the number of weights.
 * @param options - the prior and whether its scale is fitted.
 */
function startingPoint(
  size: number,
  { prior = [], scalePrior = false }: RankerOptions,
): Float64Array {
  return Float64Array.from({ length: size + (scalePrior ? 1 : 0) }, (_, at) =>
    at === size ? 1 : (prior[at] ?? 0),
  );
}
