import { describe, expect, it } from 'vitest';
import { reviewPatternTokens } from './review-patterns.js';

describe('reviewPatternTokens', () => {
  it.each([
    ['__request', 'Please add a dark mode'],
    ['__request', 'It would be nice to sort by date'],
    ['__request', 'I wish it had widgets'],
    ['__request', 'You should let us export to PDF'],
    ['__request', 'Needs an option to mute'],
    ['__problem', "It doesn't open since the update"],
    ['__problem', 'The app won’t load my photos'],
    ['__problem', 'Keeps crashing on start'],
    ['__problem', 'Stopped working after a week'],
  ])('marks %s in "%s"', (marker, text) => {
    expect(reviewPatternTokens(text)).toContain(marker);
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
