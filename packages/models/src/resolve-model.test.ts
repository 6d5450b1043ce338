import { getModelProfile } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { caught } from './__fixtures__/caught.js';
import { resolveModel } from './resolve-model.js';

/** Provider and model id as the constructed AI SDK model reports them. */
function describeModel(model: unknown): { provider: string; modelId: string } {
  const { provider, modelId } = model as { provider: string; modelId: string };
  return { provider, modelId };
}

describe('resolveModel', () => {
  it('constructs an Anthropic model with its profile', () => {
    const resolved = resolveModel('anthropic:claude-sonnet-4-5', {
      env: { ANTHROPIC_API_KEY: 'test-key' },
    });
    expect({ ...resolved, model: describeModel(resolved.model) }).toEqual({
      model: { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' },
      id: 'claude-sonnet-4-5',
      provider: 'anthropic',
      profile: getModelProfile('claude-sonnet-4-5'),
    });
  });

  it('uses the OpenAI Responses API for openai: specs', () => {
    const resolved = resolveModel('openai:gpt-4.1-mini', { env: { OPENAI_API_KEY: 'test-key' } });
    expect(describeModel(resolved.model)).toEqual({
      provider: 'openai.responses',
      modelId: 'gpt-4.1-mini',
    });
    expect(resolved.profile.id).toBe('gpt-4.1-mini');
  });

  it('constructs an OpenAI-compatible model without a key, keeping tags in the model id', () => {
    const resolved = resolveModel('openai-compatible:http://localhost:11434/v1#qwen2.5-coder:14b', {
      env: {},
    });
    expect({ ...resolved, model: describeModel(resolved.model) }).toEqual({
      model: { provider: 'openai-compatible.chat', modelId: 'qwen2.5-coder:14b' },
      id: 'qwen2.5-coder:14b',
      provider: 'openai-compatible',
      profile: getModelProfile('qwen2.5-coder'),
    });
    // The schema must reach local servers: json_schema response format, not bare json_object.
    expect(
      (resolved.model as { supportsStructuredOutputs?: boolean }).supportsStructuredOutputs,
    ).toBe(true);
  });

  it('says which variable to set when a key is missing', () => {
    const error = caught(() =>
      resolveModel('openai:gpt-4.1-mini', { env: { OPENAI_API_KEY: ' ' } }),
    );
    expect(error.code).toBe('MISSING_API_KEY');
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(caught(() => resolveModel('anthropic:claude-haiku-4-5', { env: {} })).message).toContain(
      'ANTHROPIC_API_KEY',
    );
  });
});

describe('resolveModel with a source', () => {
  it('names the source when the key is missing', () => {
    const error = caught(() =>
      resolveModel('openai:gpt-4.1', { env: {}, source: 'SIGHTLINE_STRUCTURER_MODEL' }),
    );
    expect(error.message).toBe(
      'No API key for openai (from SIGHTLINE_STRUCTURER_MODEL): set the OPENAI_API_KEY environment variable, or choose another model with SIGHTLINE_STRUCTURER_MODEL.',
    );
  });
});

describe('resolveModel with a bad spec', () => {
  it('throws UNKNOWN_MODEL before reading any key', () => {
    expect(caught(() => resolveModel('google:gemini-2.5-pro', { env: {} })).code).toBe(
      'UNKNOWN_MODEL',
    );
  });
});

describe('resolveModel with a base URL', () => {
  it('sends anthropic: and openai: requests to the given base URL, or the one in env', async () => {
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      urls.push(String(input));
      return new Response('{}', { status: 500 });
    };
    const call = (model: unknown) =>
      (model as { doGenerate(options: unknown): Promise<unknown> })
        .doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })
        .catch(() => undefined);
    await call(
      resolveModel('anthropic:claude-sonnet-4-5', {
        env: { ANTHROPIC_API_KEY: 'k' },
        fetch,
        baseURL: 'http://127.0.0.1:9/v1',
      }).model,
    );
    await call(
      resolveModel('openai:gpt-4.1', {
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/openai' },
        fetch,
      }).model,
    );
    expect(urls).toEqual(['http://127.0.0.1:9/v1/messages', 'http://127.0.0.1:9/openai/responses']);
  });
});
