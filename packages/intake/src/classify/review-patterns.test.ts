import { describe, expect, it } from 'vitest';
import { reviewPatternTokens } from './review-patterns.js';

describe('reviewPatternTokens', () => {
  it('marks feature-request wording', () => {
    for (const text of [
      'Please add a dark mode',
      'It would be nice to sort by date',
      'I wish it had widgets',
      'You should let us export to PDF',
      'Needs an option to mute',
    ]) {
      expect(reviewPatternTokens(text)).toContain('__request');
    }
  });

  it('marks problem wording: negated function verbs, "keeps crashing", failure words', () => {
    for (const text of [
      "It doesn't open since the update",
      'The app won’t load my photos',
      'Keeps crashing on start',
      'Stopped working after a week',
    ]) {
      expect(reviewPatternTokens(text)).toContain('__problem');
    }
  });

  it('crosses a marker with the rating band and counts several patterns', () => {
    expect(reviewPatternTokens('Great app, it crashed once. Please fix', 5)).toEqual([
      '__problem',
      '__problem_several',
      '__problem_rating_high',
    ]);
    expect(reviewPatternTokens('Keeps crashing', 1)).toContain('__problem_rating_low');
    expect(reviewPatternTokens('Would be great to have tabs', 3)).toContain('__request_rating_mid');
  });

  it('marks nothing in plain praise', () => {
    expect(reviewPatternTokens('Love it, best app ever', 5)).toEqual([]);
  });
});
