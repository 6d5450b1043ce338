import { describe, expect, it } from 'vitest';
import { type ReviewFeatureOptions, reviewTokens } from './review-features.js';

const none: ReviewFeatureOptions = {
  title: false,
  negation: false,
  updateWords: false,
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

  it('lowercases and tokenizes the text only, by default, keeping contractions whole', () => {
    expect(reviewTokens(review, none)).toEqual([
      'it',
      "doesn't",
      'sync',
      'anymore',
      'crashing',
      'daily',
    ]);
  });

  it('adds title (again as t:word), negation marks (within a clause), stems, bigrams and the rating token', () => {
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
      't:sync',
      't:broken',
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

  it('marks a change tied to an update', () => {
    for (const text of [
      'Since the last update it will not open',
      'after updating to iOS 17 nothing loads',
      'The new version logs me out',
    ]) {
      expect(reviewTokens({ text }, { ...none, updateWords: true })).toContain('__update');
    }
    expect(
      reviewTokens({ text: 'Please update the icons' }, { ...none, updateWords: true }),
    ).not.toContain('__update');
  });

  it('adds the request and problem pattern markers of title and text when asked', () => {
    const review = { title: 'Crashes', text: 'Please add a way to export', rating: 2 };
    expect(reviewTokens(review, none).some((token) => token.startsWith('__'))).toBe(false);
    expect(reviewTokens(review, { ...none, title: true, patterns: true })).toEqual(
      expect.arrayContaining(['__request', '__request_rating_low', '__problem']),
    );
  });

  it('splits Japanese into words and clauses', () => {
    expect(reviewTokens({ text: 'アプリが起動しない。' }, none)).toEqual([
      'アプリ',
      'が',
      '起動',
      'しない',
    ]);
  });

  it('returns no token for empty text', () => {
    expect(reviewTokens({ text: '' }, { ...none, title: true, rating: true })).toEqual([]);
  });
});
