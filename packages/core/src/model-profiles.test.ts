import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PROFILE, findModelProfile, getModelProfile } from './model-profiles.js';

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
