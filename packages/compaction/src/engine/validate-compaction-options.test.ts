import { getModelProfile, SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { validateCompactionOptions } from './validate-compaction-options.js';

const profile = getModelProfile('gpt-4o');

function messageOf(options: unknown): string {
  try {
    validateCompactionOptions(options);
  } catch (error) {
    expect(SightlineError.isInstance(error)).toBe(true);
    return (error as SightlineError).message;
  }
  return 'accepted';
}

describe('validateCompactionOptions', () => {
  it('accepts a profile with valid sizes', () => {
    expect(
      messageOf({
        profile,
        trigger: { fraction: 0.8 },
        offloadLimit: { tokens: 100 },
        largeInputTokens: 64,
      }),
    ).toBe('accepted');
  });

  it('says what to pass when the options or the profile are missing or malformed', () => {
    expect(messageOf(undefined)).toMatch(/needs an options object with at least a model `profile`/);
    expect(messageOf({})).toMatch(
      /profile is missing: pass a model profile, e\.g\. getModelProfile/,
    );
    expect(messageOf({ profile: {} })).toMatch(/profile\.contextWindow must be a whole number/);
    expect(messageOf({ profile: { ...profile, contextWindow: -1 } })).toMatch(/got -1/);
    expect(messageOf({ profile: { ...profile, encoding: 'p50k' } })).toMatch(
      /profile\.encoding must be one of/,
    );
  });

  it('refuses sizes that are not exactly one known shape, and bad largeInputTokens', () => {
    expect(messageOf({ profile, offloadLimit: {} })).toMatch(/offloadLimit must be exactly one of/);
    expect(messageOf({ profile, trigger: { fraction: 0.5, tokens: 3 } })).toMatch(
      /trigger must be exactly one of/,
    );
    expect(messageOf({ profile, largeInputTokens: Number.NaN })).toMatch(
      /largeInputTokens must be a whole number/,
    );
    expect(messageOf({ profile, largeInputTokens: -3 })).toMatch(/got -3/);
  });
});
