import { describe, expect, it } from 'vitest';
import type { LabeledReview } from '../classify/labeled-reviews.js';
import { loadReviewClassifier } from '../classify/review-classifier.js';
import {
  crossValidateReviews,
  decideAll,
  reviewTextKey,
  type TrainingSettings,
  trainReviewClassifier,
  tuneThresholds,
} from './train-review-classifier.js';

const SETTINGS: TrainingSettings = {
  features: {
    title: false,
    negation: false,
    updateWords: false,
    removeStopWords: false,
    stem: false,
    bigrams: false,
    rating: false,
  },
  linear: {
    charSizes: [],
    blockWeights: { title: 1, chars: 1, markers: 1 },
    minDocumentFrequency: 1,
    l2: 0.1,
  },
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
  it('fits one-vs-rest models that load and separate the training labels', () => {
    const classifier = loadReviewClassifier(
      trainReviewClassifier(EXAMPLES, SETTINGS, { bug: 0.5, feature: 0.5 }, { note: 'test' }),
    );
    expect(classifier.model.training).toEqual({ note: 'test' });
    expect(classifier.predict({ text: 'it crashes' }).label).toBe('bug');
    expect(classifier.predict({ text: 'please add' }).label).toBe('feature');
    expect(classifier.predict({ text: 'great love' }).label).toBe('other');
  });

  it('learns a text filed under two labels once, positive for both of its actionable labels', () => {
    const twice: LabeledReview[] = [
      ...EXAMPLES,
      { text: 'Crashes, please add a retry', label: 'bug' },
      { text: 'crashes,  please add a retry', label: 'feature' },
    ];
    const { probabilities } = loadReviewClassifier(
      trainReviewClassifier(twice, SETTINGS, { bug: 0.5, feature: 0.5 }),
    ).predict({ text: 'crashes please add a retry' });
    expect(probabilities.bug).toBeGreaterThan(0.5);
    expect(probabilities.feature).toBeGreaterThan(0.5);
  });

  it('produces the same bytes from the same data', () => {
    const train = () =>
      JSON.stringify(trainReviewClassifier(EXAMPLES, SETTINGS, { bug: 0.5, feature: 0.5 }));
    expect(train()).toBe(train());
  });
});

describe('crossValidateReviews and tuneThresholds', () => {
  it('returns one prediction per row with its output label, and thresholds from the grid', () => {
    const predictions = crossValidateReviews(EXAMPLES, SETTINGS, 3);
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
    const tuned = tuneThresholds(predictions, [0.2, 0.4, 0.6]);
    expect([0.2, 0.4, 0.6]).toContain(tuned.thresholds.bug);
    expect([0.2, 0.4, 0.6]).toContain(tuned.thresholds.feature);
    expect(tuned.score).toBeGreaterThan(0);
    expect(tuned.score).toBeLessThanOrEqual(1);
  });

  it('decides other below both thresholds and the label furthest above its own otherwise', () => {
    const row = (bug: number, feature: number) => ({
      actual: 'other' as const,
      probabilities: { bug, feature },
      known: true,
    });
    const thresholds = { bug: 0.5, feature: 0.2 };
    const pairs = decideAll(
      [
        row(0.4, 0.1),
        row(0.6, 0.1),
        row(0.6, 0.3),
        row(0.9, 0),
        {
          ...row(0.9, 0.9),
          known: false,
        },
      ],
      thresholds,
    );
    expect(pairs.map((pair) => pair.predicted)).toEqual([
      'other',
      'bug',
      'feature',
      'bug',
      'other',
    ]);
  });
});

describe('reviewTextKey', () => {
  it('treats texts that differ only in case and whitespace as the same', () => {
    expect(reviewTextKey('  Great\n  APP ')).toBe('great app');
  });
});
