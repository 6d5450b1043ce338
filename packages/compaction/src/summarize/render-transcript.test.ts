import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { renderTranscript } from './render-transcript.js';

describe('renderTranscript', () => {
  it('renders every message with tool inputs and outputs in full', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Fix the crash' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'grep first' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'grep', input: { pattern: 'crash' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'grep',
            output: { type: 'text', value: 'a.md:1: ```x```' },
          },
        ],
      },
    ];
    expect(renderTranscript(messages, { title: 'Compaction 1' })).toBe(
      [
        '## Compaction 1',
        '',
        '### user',
        '',
        'Fix the crash',
        '',
        '### assistant',
        '',
        'Reasoning:',
        '',
        'grep first',
        '',
        'Tool call `grep` (id c1) input:',
        '',
        '```json',
        '{\n  "pattern": "crash"\n}',
        '```',
        '',
        '### tool',
        '',
        'Tool result `grep` (id c1):',
        '',
        '````',
        'a.md:1: ```x```',
        '````',
        '',
        '',
      ].join('\n'),
    );
  });
});
