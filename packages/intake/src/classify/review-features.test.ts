import { describe, expect, it } from 'vitest';
import { type ReviewFeatureOptions, reviewTokens } from './review-features.js';

const none: ReviewFeatureOptions = {
  title: false,
  negation: false,
  removeStopWords: false,
  stem: false,
  bigrams: false,
  rating: false,
};

describe('reviewTokens', () => {
  const review = {
    title: 'Sync broken',
    text: "It doesn't sync anymore. Crashing daily",
    rating: 1,
  };

  it('lowercases and tokenizes the text only, by default', () => {
    expect(reviewTokens(review, none)).toEqual([
      'it',
      'does',
      'not',
      'sync',
      'anymore',
      'crashing',
      'daily',
    ]);
  });

  it('adds title, negation marks (within a clause), stems, bigrams and the rating token', () => {
    expect(
      reviewTokens(review, { ...none, title: true, negation: true, stem: true, rating: true }),
    ).toEqual([
      'sync',
      'broken',
      'it',
      'doe',
      'not',
      '!sync',
      '!anymor',
      'crash',
      'daili',
      '__rating_1',
    ]);
    expect(reviewTokens({ text: 'add dark mode' }, { ...none, bigrams: true })).toEqual([
      'add',
      'dark',
      'mode',
      'add_dark',
      'dark_mode',
    ]);
  });

  it('drops stop words when asked', () => {
    expect(reviewTokens({ text: 'this is a crash' }, { ...none, removeStopWords: true })).toEqual([
      'crash',
    ]);
  });

  it('returns no token for empty text', () => {
    expect(reviewTokens({ text: '' }, { ...none, title: true, rating: true })).toEqual([]);
  });
});
