/**
 * Limited-memory BFGS minimisation of a smooth function (Nocedal & Wright, "Numerical
 * Optimization", 2nd ed., algorithms 7.4 and 7.5, with a backtracking Armijo line search), used to
 * fit the offline classifiers' logistic regression. Deterministic: no randomness, the same input
 * gives the same bytes.
 */

/** Computes f(x) and writes ∇f(x) into `gradient`. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

/** Options of {@link minimize}. */
export interface LbfgsOptions {
  /** Most iterations. Default 200. */
  maxIterations?: number;
  /** Stop when f falls by less than this fraction of |f| in one iteration. Default 1e-6. */
  relativeTolerance?: number;
  /** Curvature pairs kept. Default 10. */
  memory?: number;
}

/**
 * Minimises `objective` from `start`.
 *
 * @param objective - f and its gradient.
 * @param start - The starting point (not modified).
 * @param options - Iteration limit, tolerance and memory.
 * @returns The point reached, f there, and the iterations used.
 */
export function minimize(
  objective: Objective,
  start: Float64Array,
  options: LbfgsOptions = {},
): { x: Float64Array; value: number; iterations: number } {
  const { maxIterations = 200, relativeTolerance = 1e-6, memory = 10 } = options;
  const size = start.length;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(size);
  let value = objective(x, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rhos: number[] = [];
  const direction = new Float64Array(size);
  const nextGradient = new Float64Array(size);
  let iteration = 0;
  for (; iteration < maxIterations; iteration += 1) {
    twoLoopDirection(gradient, steps, changes, rhos, direction);
    let slope = dot(direction, gradient);
    if (slope >= 0) {
      // Not a descent direction (numerical trouble): restart from steepest descent.
      steps.length = 0;
      changes.length = 0;
      rhos.length = 0;
      for (let i = 0; i < size; i += 1) direction[i] = -(gradient[i] ?? 0);
      slope = dot(direction, gradient);
    }
    if (slope === 0) break;
    let stepLength = iteration === 0 ? 1 / Math.sqrt(-slope) : 1;
    let next = new Float64Array(size);
    let nextValue = Number.POSITIVE_INFINITY;
    for (let trial = 0; trial < 30; trial += 1) {
      for (let i = 0; i < size; i += 1) next[i] = (x[i] ?? 0) + stepLength * (direction[i] ?? 0);
      nextValue = objective(next, nextGradient);
      if (nextValue <= value + 1e-4 * stepLength * slope) break;
      stepLength /= 2;
    }
    if (!(nextValue < value)) break;
    const step = new Float64Array(size);
    const change = new Float64Array(size);
    for (let i = 0; i < size; i += 1) {
      step[i] = (next[i] ?? 0) - (x[i] ?? 0);
      change[i] = (nextGradient[i] ?? 0) - (gradient[i] ?? 0);
    }
    const curvature = dot(step, change);
    if (curvature > 1e-12) {
      steps.push(step);
      changes.push(change);
      rhos.push(1 / curvature);
      if (steps.length > memory) {
        steps.shift();
        changes.shift();
        rhos.shift();
      }
    }
    const previous = value;
    [x, next] = [next, x];
    value = nextValue;
    gradient = Float64Array.from(nextGradient);
    if (previous - value < relativeTolerance * Math.max(Math.abs(value), 1)) {
      iteration += 1;
      break;
    }
  }
  return { x, value, iterations: iteration };
}

/** Writes −H·g into `direction`, H being the L-BFGS inverse-Hessian estimate. */
function twoLoopDirection(
  gradient: Float64Array,
  steps: readonly Float64Array[],
  changes: readonly Float64Array[],
  rhos: readonly number[],
  direction: Float64Array,
): void {
  direction.set(gradient);
  const alphas = new Array<number>(steps.length);
  for (let k = steps.length - 1; k >= 0; k -= 1) {
    const alpha = (rhos[k] ?? 0) * dot(steps[k] as Float64Array, direction);
    alphas[k] = alpha;
    axpy(-alpha, changes[k] as Float64Array, direction);
  }
  const last = steps.length - 1;
  if (last >= 0) {
    const change = changes[last] as Float64Array;
    const scale = 1 / ((rhos[last] ?? 1) * dot(change, change));
    for (let i = 0; i < direction.length; i += 1) direction[i] = (direction[i] ?? 0) * scale;
  }
  for (let k = 0; k < steps.length; k += 1) {
    const beta = (rhos[k] ?? 0) * dot(changes[k] as Float64Array, direction);
    axpy((alphas[k] ?? 0) - beta, steps[k] as Float64Array, direction);
  }
  for (let i = 0; i < direction.length; i += 1) direction[i] = -(direction[i] ?? 0);
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

function axpy(alpha: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < y.length; i += 1) y[i] = (y[i] ?? 0) + alpha * (x[i] ?? 0);
}
