import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { type LinearTextSettings, loadLinearTextModel } from '../classify/linear-text-model.js';
import { fitLinearTextModel } from './fit-linear-text-model.js';

const SETTINGS: LinearTextSettings = {
  charSizes: [3],
  blockWeights: { title: 1, chars: 0.5, markers: 1 },
  minDocumentFrequency: 1,
  l2: 0.1,
};
const DOCUMENTS = [
  ['crash', 'on', 'start'],
  ['crash', 'when', 'saving'],
  ['add', 'dark', 'mode'],
  ['add', 'export'],
  ['love', 'it'],
  ['great', 'love'],
];

describe('fitLinearTextModel and loadLinearTextModel', () => {
  it('stores a softmax model compactly and predicts from the stored form', () => {
    const stored = fitLinearTextModel(
      DOCUMENTS,
      [[0], [0], [1], [1], [2], [2]],
      {
        mode: 'softmax',
        classes: 3,
      },
      SETTINGS,
    );
    expect(stored.terms.split('\n')).toContain('c: cr');
    const model = loadLinearTextModel(JSON.parse(JSON.stringify(stored)));
    const prediction = model.predict(['crash', 'again']);
    expect(prediction.probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 6);
    expect(prediction.probabilities.indexOf(Math.max(...prediction.probabilities))).toBe(0);
    expect(prediction.strongest(0, 2)[0]).toBe('crash');
    expect(model.words.has('crash')).toBe(true);
    expect(model.words.has('c: cr')).toBe(false);
    expect(model.predict(['qzx']).knownTerms).toBe(0);
  });

  it('fits one binary model per label under one-vs-rest, a document may have several or none', () => {
    const model = loadLinearTextModel(
      fitLinearTextModel(
        DOCUMENTS,
        [[0], [0, 1], [1], [1], [], []],
        {
          mode: 'one-vs-rest',
          classes: 2,
        },
        SETTINGS,
      ),
    );
    const [crash, add] = model.predict(['crash', 'when', 'saving']).probabilities;
    expect(crash).toBeGreaterThan(0.5);
    expect(add).toBeGreaterThan(0.3);
    const [none, alsoNone] = model.predict(['love', 'it']).probabilities;
    expect(none).toBeLessThan(0.5);
    expect(alsoNone).toBeLessThan(0.5);
  });

  it('rejects a damaged model with CACHE_VERSION_MISMATCH and says how to rebuild it', () => {
    const stored = fitLinearTextModel(
      DOCUMENTS,
      [[0], [0], [1], [1], [0], [1]],
      {
        mode: 'softmax',
        classes: 2,
      },
      SETTINGS,
    );
    let caught: unknown;
    try {
      loadLinearTextModel({ ...stored, weights: stored.weights.slice(0, 8) });
    } catch (error) {
      caught = error;
    }
    expect(SightlineError.isInstance(caught) && caught.code).toBe('CACHE_VERSION_MISMATCH');
    expect((caught as Error).message).toContain('npm run train:classify');
  });
});
