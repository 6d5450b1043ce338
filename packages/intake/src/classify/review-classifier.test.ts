import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { shippedReviewClassifier } from './classify.js';
import {
  loadReviewClassifier,
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  type ReviewClassifierModel,
} from './review-classifier.js';

describe('shipped review classifier', () => {
  const { model } = shippedReviewClassifier();

  it('has the expected format, version and labels', () => {
    expect({ format: model.format, version: model.version, labels: model.labels }).toEqual({
      format: REVIEW_CLASSIFIER_FORMAT,
      version: REVIEW_CLASSIFIER_VERSION,
      labels: ['bug', 'feature', 'other'],
    });
    expect(new Set(Object.values(model.labelMap))).toEqual(new Set(['bug', 'feature', 'other']));
  });

  it('stays under 1 MB on disk', () => {
    const file = fileURLToPath(new URL('./model/review-classifier.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('returns scores that sum to 1 with the winner as confidence', () => {
    const prediction = shippedReviewClassifier().predict({
      title: 'Crashes',
      text: 'It crashes when I open a photo',
      rating: 1,
    });
    const total = Object.values(prediction.scores).reduce((sum, score) => sum + score, 0);
    expect(total).toBeCloseTo(1, 10);
    expect(prediction.confidence).toBe(prediction.scores[prediction.label]);
    expect(prediction.confidence).toBe(Math.max(...Object.values(prediction.scores)));
    expect(prediction.knownTokens).toBeGreaterThan(0);
  });

  it('answers other with uniform scores when no token is in the vocabulary', () => {
    expect(shippedReviewClassifier().predict({ text: 'qzxv wplkj' })).toEqual({
      label: 'other',
      confidence: 1 / 3,
      scores: { bug: 1 / 3, feature: 1 / 3, other: 1 / 3 },
      knownTokens: 0,
    });
  });

  it('rejects a model file of another version with CACHE_VERSION_MISMATCH', () => {
    const future = { ...model, version: REVIEW_CLASSIFIER_VERSION + 1 } as ReviewClassifierModel;
    let caught: unknown;
    try {
      loadReviewClassifier(future);
    } catch (error) {
      caught = error;
    }
    expect(SightlineError.isInstance(caught) && caught.code).toBe('CACHE_VERSION_MISMATCH');
  });
});
