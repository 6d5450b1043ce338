import { describe, expect, it } from 'vitest';
import { minimize } from './lbfgs.js';

describe('minimize', () => {
  it('finds the minimum of an ill-conditioned quadratic', () => {
    // f(x, y) = (x − 3)² + 10·(y + 2)²
    const result = minimize(
      (x, gradient) => {
        const a = (x[0] ?? 0) - 3;
        const b = (x[1] ?? 0) + 2;
        gradient[0] = 2 * a;
        gradient[1] = 20 * b;
        return a * a + 10 * b * b;
      },
      new Float64Array([0, 0]),
      { relativeTolerance: 1e-12 },
    );
    expect(result.x[0]).toBeCloseTo(3, 5);
    expect(result.x[1]).toBeCloseTo(-2, 5);
    expect(result.value).toBeLessThan(1e-8);
  });

  it('minimises the Rosenbrock function', () => {
    const result = minimize(
      (x, gradient) => {
        const a = x[0] ?? 0;
        const b = x[1] ?? 0;
        gradient[0] = -2 * (1 - a) - 400 * a * (b - a * a);
        gradient[1] = 200 * (b - a * a);
        return (1 - a) ** 2 + 100 * (b - a * a) ** 2;
      },
      new Float64Array([-1.2, 1]),
      { maxIterations: 500, relativeTolerance: 1e-14 },
    );
    expect(result.x[0]).toBeCloseTo(1, 3);
    expect(result.x[1]).toBeCloseTo(1, 3);
  });
});
