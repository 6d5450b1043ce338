import { resolveModel } from '@sightline/models';
import { stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ProviderServer, startProviderServer } from './__fixtures__/provider-server.js';
import type { WireProtocol } from './__fixtures__/provider-wire.js';

const KEYS = { ANTHROPIC_API_KEY: 'sk-ant-stream-SECRET', OPENAI_API_KEY: 'sk-stream-SECRET' };
const SPECS: Record<WireProtocol, (baseURL: string) => string> = {
  anthropic: () => 'anthropic:claude-sonnet-4-5',
  'openai-responses': () => 'openai:gpt-4.1',
  'openai-chat': (baseURL) => `openai-compatible:${baseURL}#qwen2.5-coder:14b`,
};
/** A system prompt long enough (over 1,024 tokens) for the second request to be served from cache. */
const SYSTEM = `You triage bugs. ${'Read the code before you answer. '.repeat(200)}`;

describe.each(Object.keys(SPECS) as WireProtocol[])('streaming from %s', (protocol) => {
  let server: ProviderServer | undefined;
  afterEach(async () => server?.close());

  const stream = async (answers: Parameters<typeof startProviderServer>[1]) => {
    server = await startProviderServer(protocol, answers);
    const { model } = resolveModel(SPECS[protocol](server.baseURL), {
      env: KEYS,
      baseURL: server.baseURL,
    });
    const searched: string[] = [];
    const errors: unknown[] = [];
    const result = streamText({
      model,
      system: SYSTEM,
      prompt: 'Where is the cart bug?',
      tools: {
        grep: tool({
          description: 'Search the code.',
          inputSchema: z.object({ pattern: z.string() }),
          execute: async ({ pattern }) => {
            searched.push(pattern);
            return 'src/cart/total.ts:6: for (let index = 1; …';
          },
        }),
      },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    const parts: string[] = [];
    try {
      for await (const part of result.fullStream) parts.push(part.type);
    } catch (error) {
      errors.push(error);
    }
    return { result, searched, errors, parts, requests: server.requests };
  };

  it('streams a tool call, runs the tool, then streams the answer with cached tokens reported', async () => {
    const { result, searched, requests, errors } = await stream([
      { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }] },
      { text: 'The loop in cartTotal starts at 1.' },
    ]);
    expect(errors).toEqual([]);
    expect(requests.map((request) => request.body.stream)).toEqual([true, true]);
    expect(searched).toEqual(['cartTotal']);
    expect(await result.text).toBe('The loop in cartTotal starts at 1.');
    const usage = await result.totalUsage;
    expect(usage.inputTokenDetails.cacheReadTokens).toBeGreaterThan(1024);
  });

  it('ends with an error, not a hang, when the stream is cut in the middle', async () => {
    const { errors, parts } = await stream([{ cut: true }]);
    const failures = [...errors, ...parts.filter((type) => type === 'error')];
    expect(failures.length).toBeGreaterThan(0);
    for (const key of Object.values(KEYS))
      expect(JSON.stringify(failures.map(String))).not.toContain(key);
  });
});
