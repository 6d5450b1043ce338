import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL_PROFILE,
  findModelProfile,
  getModelProfile,
  MODEL_PROFILES,
} from './model-profiles.js';

describe('getModelProfile', () => {
  it('finds exact ids, dated snapshots and local tags', () => {
    expect(getModelProfile('claude-sonnet-4-5').contextWindow).toBe(200_000);
    expect(getModelProfile('claude-sonnet-4-5-20250929').id).toBe('claude-sonnet-4-5');
    expect(getModelProfile('gpt-4.1-mini').id).toBe('gpt-4.1-mini');
    expect(getModelProfile('qwen2.5-coder:14b').id).toBe('qwen2.5-coder');
  });

  it('falls back to a conservative profile that keeps the asked id', () => {
    expect(getModelProfile('my-finetune')).toEqual({ ...DEFAULT_MODEL_PROFILE, id: 'my-finetune' });
  });
});

describe('findModelProfile', () => {
  it('finds known ids and their snapshots, and nothing for unknown ones', () => {
    expect(findModelProfile('claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
    expect(findModelProfile('openrouter/gpt-4o')?.id).toBe('gpt-4o');
    expect(findModelProfile('my-finetune')).toBeUndefined();
  });
});

describe('model prices', () => {
  it('give every priced model a check date and a source page', () => {
    const priced = Object.values(MODEL_PROFILES).filter((profile) => profile.pricing);
    expect(priced.length).toBeGreaterThan(10);
    for (const { pricing } of priced) {
      expect(pricing?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(pricing?.source).toMatch(
        /^https:\/\/(platform\.claude\.com|developers\.openai\.com)\//,
      );
    }
  });

  it('match the published table: Sonnet 4.5 cache reads $0.30, 5-minute writes $3.75', () => {
    expect(getModelProfile('claude-sonnet-4-5').pricing).toMatchObject({
      inputPerMillion: 3,
      cachedInputPerMillion: 0.3,
      cacheWritePerMillion: 3.75,
      outputPerMillion: 15,
    });
    expect(getModelProfile('gpt-5-nano').pricing).toMatchObject({
      cachedInputPerMillion: 0.005,
      source: 'https://developers.openai.com/api/docs/models/gpt-5-nano',
    });
  });
});
