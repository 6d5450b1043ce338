import { describe, expect, it } from 'vitest';
import {
  checkPromptPairing,
  type ModelPrompt,
  promptContains,
  promptTexts,
} from './prompt-checks.js';

const call = (toolCallId: string) =>
  ({ type: 'tool-call', toolCallId, toolName: 'grep', input: { pattern: 'x' } }) as const;
const result = (toolCallId: string, value = 'found') =>
  ({ type: 'tool-result', toolCallId, toolName: 'grep', output: { type: 'text', value } }) as const;

const PROMPT: ModelPrompt = [
  { role: 'system', content: 'You are careful.' },
  { role: 'user', content: [{ type: 'text', text: 'Fix the cart total.' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Searching.' }, call('a'), call('b')] },
  { role: 'tool', content: [result('a'), result('b', 'two hits')] },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c',
        toolName: 'read_file',
        output: { type: 'json', value: { lines: [1, 2] } },
      },
    ],
  },
  { role: 'assistant', content: [call('d')] },
];

describe('checkPromptPairing', () => {
  it('finds a call without a result and a result without a call, and pairs parallel calls', () => {
    expect(checkPromptPairing(PROMPT)).toEqual({
      orphanToolCalls: ['d'],
      orphanToolResults: ['c'],
    });
  });

  it('treats a result before its call as an orphan', () => {
    expect(
      checkPromptPairing([
        { role: 'tool', content: [result('a')] },
        { role: 'assistant', content: [call('a')] },
      ]),
    ).toEqual({ orphanToolCalls: ['a'], orphanToolResults: ['a'] });
  });

  it('accepts a well-formed prompt', () => {
    expect(checkPromptPairing(PROMPT.slice(0, 4))).toEqual({
      orphanToolCalls: [],
      orphanToolResults: [],
    });
  });
});

describe('promptTexts and promptContains', () => {
  it('lists the system prompt, texts, tool inputs and tool outputs in order', () => {
    expect(promptTexts(PROMPT)).toEqual([
      'You are careful.',
      'Fix the cart total.',
      'Searching.',
      '{"pattern":"x"}',
      '{"pattern":"x"}',
      'found',
      'two hits',
      JSON.stringify({ lines: [1, 2] }, null, 2),
      '{"pattern":"x"}',
    ]);
  });

  it('finds a text only when one part holds it verbatim', () => {
    expect(promptContains(PROMPT, 'Fix the cart total.')).toBe(true);
    expect(promptContains(PROMPT, 'Fix the cart total. Searching.')).toBe(false);
  });
});
