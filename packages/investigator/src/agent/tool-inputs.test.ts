import { asSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponsesModel, withLenientInputs, withoutPlaceholders } from './tool-inputs.js';

const grepLike = tool({
  description: 'search',
  inputSchema: z.object({
    pattern: z.string(),
    path: z.string().optional(),
    maxResults: z.number().int().min(1).max(500).optional(),
    caseSensitive: z.boolean().optional(),
  }),
  execute: async (input) => input,
});

describe('withLenientInputs', () => {
  it('reads "", null and a number under the minimum of an optional parameter as absent (strict mode fills them in)', async () => {
    const { grep } = withLenientInputs({ grep: grepLike });
    const validate = asSchema(grep.inputSchema).validate;
    expect(
      await validate?.({ pattern: 'cartTotal', path: '', maxResults: 0, caseSensitive: false }),
    ).toEqual({ success: true, value: { pattern: 'cartTotal', caseSensitive: false } });
    expect(await validate?.({ pattern: 'x', path: null, maxResults: 20 })).toEqual({
      success: true,
      value: { pattern: 'x', maxResults: 20 },
    });
  });

  it('still rejects what is wrong, and keeps a required parameter as given', async () => {
    const { grep } = withLenientInputs({ grep: grepLike });
    const validate = asSchema(grep.inputSchema).validate;
    expect((await validate?.({ pattern: '', maxResults: 900 }))?.success).toBe(false);
  });

  it('sends the same JSON Schema without $schema, and strict: false only when asked', async () => {
    const plain = withLenientInputs({ grep: grepLike });
    const responses = withLenientInputs({ grep: grepLike }, { strict: false });
    const { $schema, ...original } = (await asSchema(grepLike.inputSchema).jsonSchema) as Record<
      string,
      unknown
    >;
    expect($schema).toBeDefined();
    expect(await asSchema(plain.grep.inputSchema).jsonSchema).toEqual(original);
    expect(plain.grep.strict).toBeUndefined();
    expect(responses.grep.strict).toBe(false);
  });
});

describe('withoutPlaceholders', () => {
  it('leaves anything but an object alone', () => {
    expect(withoutPlaceholders('text', {})).toBe('text');
    expect(withoutPlaceholders([1], {})).toEqual([1]);
  });
});

describe('isResponsesModel', () => {
  it('names the Responses API models, whose tools are strict unless they say otherwise', () => {
    expect(isResponsesModel({ provider: 'openai.responses' })).toBe(true);
    expect(isResponsesModel({ provider: 'azure.responses' })).toBe(true);
    expect(isResponsesModel({ provider: 'openai.chat' })).toBe(false);
    expect(isResponsesModel({ provider: 'anthropic.messages' })).toBe(false);
    expect(isResponsesModel('gateway-id')).toBe(false);
  });
});
