import { countTokens } from '@sightline/core';
import { jsonSchema, type ModelMessage, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  countMessagesTokens,
  countMessageTokens,
  countPromptTokens,
  countToolResultOutputTokens,
  countToolsTokens,
  MEDIA_TOKEN_ESTIMATE,
  MESSAGE_OVERHEAD_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
} from './message-tokens.js';
import type { ToolResultOutput } from './tool-output-text.js';

// The tokenizer, passed through and watched: the cache is checked by what is tokenized again.
vi.mock('@sightline/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@sightline/core')>();
  return { ...core, countTokens: vi.fn(core.countTokens) };
});

const t = (text: string) => countTokens(text);

describe('countMessageTokens', () => {
  it('counts string content plus the per-message overhead', () => {
    expect(countMessageTokens({ role: 'user', content: 'Why does checkout crash?' })).toBe(
      t('Why does checkout crash?') + MESSAGE_OVERHEAD_TOKENS,
    );
  });

  it('counts text, reasoning, tool-call input as JSON and media by the flat estimate', () => {
    const message: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Look at the cart.' },
        { type: 'text', text: 'Reading it.' },
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'read_file',
          input: { path: 'src/cart.ts' },
        },
        { type: 'file', data: 'aGVsbG8=', mediaType: 'image/png' },
      ],
    };
    expect(countMessageTokens(message)).toBe(
      MESSAGE_OVERHEAD_TOKENS +
        t('Look at the cart.') +
        t('Reading it.') +
        t('read_file') +
        t('{"path":"src/cart.ts"}') +
        MEDIA_TOKEN_ESTIMATE,
    );
  });

  it('counts tool results by their output', () => {
    const message: ModelMessage = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'grep',
          output: { type: 'text', value: 'a.ts:1: x' },
        },
      ],
    };
    expect(countMessageTokens(message)).toBe(MESSAGE_OVERHEAD_TOKENS + t('grep') + t('a.ts:1: x'));
  });

  it('caches per message object and per encoding', () => {
    const message: ModelMessage = { role: 'user', content: 'hello there' };
    const first = countMessageTokens(message);
    (message as { content: string }).content = 'x '.repeat(100);
    expect(countMessageTokens(message)).toBe(first);
    expect(countMessageTokens(message, { encoding: 'cl100k_base' })).toBe(
      countTokens('x '.repeat(100), { encoding: 'cl100k_base' }) + MESSAGE_OVERHEAD_TOKENS,
    );
  });

  it('tokenizes a 200-message history once: later counts tokenize only the new messages', () => {
    const messages: ModelMessage[] = Array.from({ length: 200 }, (_, index) => ({
      role: index % 2 ? 'assistant' : 'user',
      content: `message ${index} `.repeat(50),
    }));
    const total = countMessagesTokens(messages);
    expect(total).toBe(
      messages.reduce((sum, m) => sum + t(m.content as string) + MESSAGE_OVERHEAD_TOKENS, 0),
    );
    const tokenizer = vi.mocked(countTokens);
    tokenizer.mockClear();
    for (let round = 0; round < 10; round += 1) expect(countMessagesTokens(messages)).toBe(total);
    expect(tokenizer).not.toHaveBeenCalled();
    const next: ModelMessage[] = [
      ...messages,
      { role: 'user', content: 'one more' },
      { role: 'assistant', content: 'and its answer' },
    ];
    countMessagesTokens(next);
    expect(tokenizer).toHaveBeenCalledTimes(2);
  });
});

describe('countToolResultOutputTokens', () => {
  it.each([
    [{ type: 'text', value: 'plain' }, t('plain')],
    [{ type: 'error-text', value: 'boom' }, t('boom')],
    [{ type: 'json', value: { a: [1, 2] } }, t('{"a":[1,2]}')],
    [{ type: 'error-json', value: { code: 'X' } }, t('{"code":"X"}')],
    [{ type: 'execution-denied', reason: 'not allowed' }, t('not allowed')],
    [
      {
        type: 'content',
        value: [
          { type: 'text', text: 'caption' },
          { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
          { type: 'image-url', url: 'https://example.test/a.png' },
        ],
      },
      t('caption') + 2 * MEDIA_TOKEN_ESTIMATE,
    ],
  ] as Array<[ToolResultOutput, number]>)('counts %j', (output, expected) => {
    expect(countToolResultOutputTokens(output)).toBe(expected);
  });
});

describe('countPromptTokens', () => {
  it('adds system, messages, tool schemas and the prompt overhead', async () => {
    const tools = {
      read_file: tool({
        description: 'Read a file.',
        inputSchema: z.object({ path: z.string() }),
        execute: async () => '',
      }),
      raw: tool({
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
        }),
      }),
    };
    const messages: ModelMessage[] = [{ role: 'user', content: 'Go.' }];
    const toolTokens = await countToolsTokens(tools);
    expect(toolTokens).toBe(
      t(
        JSON.stringify({
          name: 'read_file',
          description: 'Read a file.',
          parameters: z.toJSONSchema(z.object({ path: z.string() }), { target: 'draft-7' }),
        }),
      ) +
        t(
          '{"name":"raw","description":"","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}',
        ),
    );
    expect(await countPromptTokens({ system: 'You triage bugs.', messages, tools })).toEqual({
      system: t('You triage bugs.') + MESSAGE_OVERHEAD_TOKENS,
      messages: t('Go.') + MESSAGE_OVERHEAD_TOKENS,
      tools: toolTokens,
      total:
        t('You triage bugs.') +
        t('Go.') +
        2 * MESSAGE_OVERHEAD_TOKENS +
        toolTokens +
        PROMPT_OVERHEAD_TOKENS,
    });
  });

  it('accepts system messages and no tools', async () => {
    const result = await countPromptTokens({
      system: [
        { role: 'system', content: 'a' },
        { role: 'system', content: 'b' },
      ],
      messages: [],
    });
    expect(result).toEqual({
      system: t('a') + t('b') + 2 * MESSAGE_OVERHEAD_TOKENS,
      messages: 0,
      tools: 0,
      total: t('a') + t('b') + 2 * MESSAGE_OVERHEAD_TOKENS + PROMPT_OVERHEAD_TOKENS,
    });
  });
});
