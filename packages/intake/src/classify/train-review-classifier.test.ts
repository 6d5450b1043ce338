import { describe, expect, it } from 'vitest';
import { loadReviewClassifier } from './review-classifier.js';
import {
  crossValidate,
  type LabeledReview,
  reviewTextKey,
  type TrainingSettings,
  trainReviewClassifier,
  tuneOffsets,
} from './train-review-classifier.js';

const SETTINGS: TrainingSettings = {
  scheme: 'mapped',
  features: {
    title: false,
    negation: false,
    updateWords: false,
    removeStopWords: false,
    stem: false,
    bigrams: false,
    rating: false,
  },
  naiveBayes: { considerOnlyPresence: false, smoothingFactor: 1 },
};

const EXAMPLES: LabeledReview[] = [
  { text: 'it crashes on start', label: 'bug' },
  { text: 'crashes every time i log in', label: 'bug' },
  { text: 'the login button is broken', label: 'bug' },
  { text: 'please add dark mode', label: 'feature' },
  { text: 'please add an export option', label: 'feature' },
  { text: 'would love a widget please', label: 'feature' },
  { text: 'great app love it', label: 'praise' },
  { text: 'love the design great work', label: 'praise' },
  { text: 'i use it every day at work', label: 'experience' },
];

describe('trainReviewClassifier', () => {
  it('fits a model that loads and separates the training labels', () => {
    const classifier = loadReviewClassifier(
      trainReviewClassifier(EXAMPLES, SETTINGS, { note: 'test' }),
    );
    expect(classifier.model.training).toEqual({ note: 'test', minDocumentFrequency: 1 });
    expect(classifier.predict({ text: 'it crashes' }).label).toBe('bug');
    expect(classifier.predict({ text: 'please add' }).label).toBe('feature');
    expect(classifier.predict({ text: 'great love' }).label).toBe('other');
  });

  it('drops tokens rarer than minDocumentFrequency from the vocabulary', () => {
    const model = trainReviewClassifier(EXAMPLES, { ...SETTINGS, minDocumentFrequency: 2 });
    // "widget" appears in one review only.
    expect(loadReviewClassifier(model).predict({ text: 'widget' }).knownTokens).toBe(0);
    expect(loadReviewClassifier(model).predict({ text: 'please' }).knownTokens).toBe(1);
  });
});

describe('crossValidate and tuneOffsets', () => {
  it('returns one prediction per example with its output label, and offsets from the grid', () => {
    const predictions = crossValidate(EXAMPLES, SETTINGS, 3);
    expect(predictions.map((prediction) => prediction.actual)).toEqual([
      'bug',
      'bug',
      'bug',
      'feature',
      'feature',
      'feature',
      'other',
      'other',
      'other',
    ]);
    const tuned = tuneOffsets(predictions, 'mapped', [-1, 0, 1]);
    expect([-1, 0, 1]).toContain(tuned.offsets.bug);
    expect([-1, 0, 1]).toContain(tuned.offsets.feature);
    expect(tuned.score).toBeGreaterThan(0);
    expect(tuned.score).toBeLessThanOrEqual(1);
  });
});

describe('reviewTextKey', () => {
  it('treats texts that differ only in case and whitespace as the same', () => {
    expect(reviewTextKey('  Great\n  APP ')).toBe('great app');
  });
});
