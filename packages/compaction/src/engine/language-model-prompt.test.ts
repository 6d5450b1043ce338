import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toLanguageModelPrompt } from './language-model-prompt.js';

describe('toLanguageModelPrompt', () => {
  it('turns string content into text parts, images into files, media outputs into image data, and drops approval requests', () => {
    const messages: ModelMessage[] = [
      { role: 'system', content: 'sys' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', image: 'AAA', mediaType: 'image/png' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'a', toolName: 'shot', input: {} },
          { type: 'tool-approval-request', approvalId: 'p', toolCallId: 'a' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'shot',
            output: {
              type: 'content',
              value: [{ type: 'media', data: 'BBB', mediaType: 'image/png' }],
            },
          },
        ],
      },
      { role: 'assistant', content: 'done' },
    ];
    expect(toLanguageModelPrompt(messages)).toEqual([
      { role: 'system', content: 'sys' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'file', data: 'AAA', mediaType: 'image/png', providerOptions: undefined },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'shot', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'shot',
            output: {
              type: 'content',
              value: [{ type: 'image-data', data: 'BBB', mediaType: 'image/png' }],
            },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ]);
  });
});
