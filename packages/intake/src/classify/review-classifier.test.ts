import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { shippedReviewClassifier } from './classify.js';
import {
  decideReview,
  loadReviewClassifier,
  REVIEW_CLASSIFIER_FORMAT,
  REVIEW_CLASSIFIER_VERSION,
  type ReviewClassifierModel,
  reachedThreshold,
  reviewMargin,
} from './review-classifier.js';

describe('shipped review classifier', () => {
  const { model } = shippedReviewClassifier();

  it('has the expected format, version and labels', () => {
    expect({ format: model.format, version: model.version, labels: model.labels }).toEqual({
      format: REVIEW_CLASSIFIER_FORMAT,
      version: REVIEW_CLASSIFIER_VERSION,
      labels: ['bug', 'feature', 'other'],
    });
    expect(model.model.mode).toBe('one-vs-rest');
    expect(model.thresholds.bug).toBeGreaterThan(0);
    expect(model.thresholds.feature).toBeLessThanOrEqual(1);
  });

  it('stays under 1 MB on disk', () => {
    const file = fileURLToPath(new URL('./model/review-classifier.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('labels a crash report bug, confident above its threshold, with the terms behind it', () => {
    const prediction = shippedReviewClassifier().predict({
      title: 'Crashes',
      text: 'It crashes every time I open a photo',
      rating: 1,
    });
    expect(prediction.label).toBe('bug');
    expect(prediction.confidence).toBeGreaterThan(0.5);
    expect(prediction.probabilities.bug).toBeGreaterThanOrEqual(model.thresholds.bug);
    expect(prediction.knownTokens).toBeGreaterThan(0);
    expect(prediction.topFeatures.length).toBeGreaterThan(0);
  });

  it.each([
    'Exporting to PDF throws an IllegalStateException',
    'Uploading a photo raises ValueError: invalid literal',
    'Tapping save throws java.lang.NullPointerException',
  ])('labels a report naming an exception bug, a name no training review holds: %s', (text) => {
    // Found by a fresh-user trial: each exception name was a word the model never saw, and
    // "save() throws TypeError: …" went to `other`; names are now read as the word crash.
    const prediction = shippedReviewClassifier().predict({ text });
    expect(prediction.label).toBe('bug');
    expect(prediction.topFeatures).toContain('crash');
    expect(prediction.unfamiliarLanguage).toBeUndefined();
  });

  it('lists every label over its threshold, not only the label that wins', () => {
    // Found by a fresh-user trial: this 1-star bug report is feature 0.85 at threshold 0.525 and
    // bug 0.80 at threshold 0.6; feature wins by ratio, and nothing said it was a bug report too.
    const gameWontLoad = shippedReviewClassifier().predict({
      title: "Game won't load!!!!!",
      text: "Very aggravating! First, game wouldn't load, just got loading spinner. Now game will load for 1 play then when you try to play again......black screen, loading spinner! Waste of money! Please fix it!!",
      rating: 1,
    });
    expect(gameWontLoad).toMatchObject({ label: 'feature', reachedThreshold: ['bug', 'feature'] });
    const praise = shippedReviewClassifier().predict({ text: 'Very good', rating: 5 });
    expect(praise).toMatchObject({ label: 'other', reachedThreshold: [] });
  });

  it('answers other with confidence 1/3 when no word is in the vocabulary', () => {
    expect(shippedReviewClassifier().predict({ text: 'qzxv wplkj' })).toMatchObject({
      label: 'other',
      confidence: 1 / 3,
      reachedThreshold: [],
      margin: 0,
      knownTokens: 0,
      topFeatures: [],
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

describe('reviewMargin', () => {
  const thresholds = { bug: 0.6, feature: 0.525 };

  it('is the smallest change of one probability that changes the decided label', () => {
    // Found by a fresh-user trial: chalk's bug report sat on the feature threshold (0.53 at 0.525),
    // confidence 0.51, which nothing read as uncertain.
    expect(reviewMargin({ bug: 0.42, feature: 0.53 }, thresholds)).toBeCloseTo(0.005, 10);
    // other: the nearest threshold.
    expect(reviewMargin({ bug: 0.5, feature: 0.2 }, thresholds)).toBeCloseTo(0.1, 10);
    // Both over their thresholds, nearly tied in ratio: a hair from the other label.
    expect(reviewMargin({ bug: 0.68, feature: 0.6 }, thresholds)).toBeCloseTo(
      0.6 - 0.525 * (0.68 / 0.6),
      10,
    );
    // bug over its threshold does not change a feature far ahead in ratio.
    expect(reviewMargin({ bug: 0.64, feature: 0.81 }, thresholds)).toBeCloseTo(
      0.81 - 0.525 * (0.64 / 0.6),
      10,
    );
  });

  it('is 0 on a decision boundary and the label changes just past it', () => {
    const probabilities = { bug: 0.42, feature: 0.53 };
    const margin = reviewMargin(probabilities, thresholds);
    const moved = { ...probabilities, feature: probabilities.feature - margin - 1e-9 };
    expect(decideReview(moved, thresholds).label).toBe('other');
    expect(reviewMargin({ bug: 0.6, feature: 0.1 }, thresholds)).toBe(0);
  });
});

describe('reachedThreshold', () => {
  const thresholds = { bug: 0.6, feature: 0.525 };

  it('lists the labels at or over their thresholds, bug first', () => {
    expect(reachedThreshold({ bug: 0.8, feature: 0.85 }, thresholds)).toEqual(['bug', 'feature']);
    expect(reachedThreshold({ bug: 0.6, feature: 0.5 }, thresholds)).toEqual(['bug']);
    expect(reachedThreshold({ bug: 0.59, feature: 0.525 }, thresholds)).toEqual(['feature']);
    expect(reachedThreshold({ bug: 0.59, feature: 0.5 }, thresholds)).toEqual([]);
  });
});
