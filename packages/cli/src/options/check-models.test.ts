import { describe, expect, it } from 'vitest';
import { checkModels } from './check-models.js';

describe('checkModels', () => {
  const env = { ANTHROPIC_API_KEY: 'test-key-not-real' };

  it('passes models it can resolve, and no model at all', () => {
    expect(() =>
      checkModels(
        'anthropic:claude-haiku-4-5',
        { local: 'openai-compatible:http://127.0.0.1:11434/v1#qwen' },
        { env, source: '--model' },
      ),
    ).not.toThrow();
    expect(() => checkModels(undefined, undefined, { env: {}, source: '--model' })).not.toThrow();
  });

  it('refuses a spec it cannot read or a model without its API key, naming where it came from', () => {
    expect(() => checkModels('bogus', undefined, { env, source: '--model' })).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_MODEL',
        message: expect.stringContaining('(from --model)'),
      }),
    );
    expect(() =>
      checkModels('openai:gpt-4.1', undefined, { env, source: 'SIGHTLINE_MODEL' }),
    ).toThrow(
      expect.objectContaining({
        code: 'MISSING_API_KEY',
        message: expect.stringContaining('OPENAI_API_KEY'),
      }),
    );
    expect(() =>
      checkModels(undefined, { fast: 'openai:gpt-4.1' }, { env, source: '--model' }),
    ).toThrow(
      expect.objectContaining({
        code: 'MISSING_API_KEY',
        message: expect.stringContaining('--models'),
      }),
    );
  });
});
