import { describe, expect, it } from 'vitest';
import { predictProbabilities, type SparseVector } from '../classify/logistic-regression.js';
import { fitLogisticRegression } from './fit-logistic-regression.js';

const row = (entries: Array<[number, number]>): SparseVector => ({
  indices: Uint32Array.from(entries, ([index]) => index),
  values: Float64Array.from(entries, ([, value]) => value),
});

describe('fitLogisticRegression', () => {
  const rows = [
    row([[0, 1]]),
    row([
      [0, 1],
      [3, 0.5],
    ]),
    row([[1, 1]]),
    row([
      [1, 1],
      [3, 0.5],
    ]),
    row([[2, 1]]),
    row([[2, 0.8]]),
  ];
  const targets = [0, 0, 1, 1, 2, 2];

  it('separates classes each marked by its own feature, with probabilities summing to 1', () => {
    const model = fitLogisticRegression(rows, targets, { classes: 3, features: 4 }, { l2: 0.1 });
    for (const [index, target] of targets.entries()) {
      const probabilities = predictProbabilities(model, rows[index] as SparseVector);
      expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 10);
      expect(probabilities.indexOf(Math.max(...probabilities))).toBe(target);
    }
    // Feature 3 is shared alike by classes 0 and 1 (symmetric data): equal weights for both.
    expect(Math.abs((model.weights[0]?.[3] ?? 0) - (model.weights[1]?.[3] ?? 0))).toBeLessThan(
      0.05,
    );
  });

  it('shrinks weights toward zero as the penalty grows', () => {
    const size = (l2: number) =>
      fitLogisticRegression(rows, targets, { classes: 3, features: 4 }, { l2 })
        .weights.flatMap((weights) => [...weights])
        .reduce((sum, w) => sum + w * w, 0);
    expect(size(10)).toBeLessThan(size(0.1));
  });

  it('gives an empty row the class prior through the biases', () => {
    const model = fitLogisticRegression(
      [row([[0, 1]]), row([[0, 1]]), row([[0, 1]]), row([[1, 1]])],
      [0, 0, 0, 1],
      { classes: 2, features: 2 },
      { l2: 1 },
    );
    const [majority, minority] = predictProbabilities(model, row([]));
    expect(majority).toBeGreaterThan(minority ?? 1);
  });

  it('folds feature scales into the weights: scale 0 leaves a weight at 0, a larger scale lets it grow', () => {
    const scaled = (scale: number) =>
      fitLogisticRegression(
        rows,
        targets,
        { classes: 3, features: 4 },
        {
          l2: 1,
          featureScales: [0, 1, 2].map((k) => Float64Array.from([1, 1, 1, k === 0 ? scale : 1])),
        },
      );
    expect(scaled(0).weights[0]?.[3]).toBe(0);
    const weight = (scale: number) => Math.abs(scaled(scale).weights[0]?.[0] ?? 0);
    expect(weight(1)).toBeGreaterThan(0);
    // Scaling feature 0 of class 0 up loosens its prior, so its weight grows.
    const loose = fitLogisticRegression(
      rows,
      targets,
      { classes: 3, features: 4 },
      { l2: 1, featureScales: [Float64Array.from([3, 1, 1, 1])] },
    );
    expect(loose.weights[0]?.[0] ?? 0).toBeGreaterThan(weight(1));
  });

  it('is deterministic', () => {
    const fit = () =>
      fitLogisticRegression(rows, targets, { classes: 3, features: 4 }, { l2: 1 }).weights.map(
        (weights) => [...weights],
      );
    expect(fit()).toEqual(fit());
  });
});
