import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { findRecentStart } from './recent-window.js';
import { segmentHistory } from './tool-exchanges.js';

const exchange = (id: string): ModelMessage[] => [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 't', input: {} }] },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: id, toolName: 't', output: { type: 'text', value: id } },
    ],
  },
];
const find = (messages: ModelMessage[], keep: Parameters<typeof findRecentStart>[0]['keep']) =>
  findRecentStart({
    messages,
    blocks: segmentHistory(messages),
    keep,
    contextWindow: 100,
    countMessage: () => 10,
  });

describe('findRecentStart', () => {
  const messages: ModelMessage[] = [
    { role: 'user', content: 'goal' },
    ...exchange('a'),
    ...exchange('b'),
    ...exchange('c'),
  ];

  it('keeps whole blocks that fit in a token budget', () => {
    expect(find(messages, { tokens: 45 })).toBe(3);
    expect(find(messages, { fraction: 0.2 })).toBe(5);
    expect(find(messages, { tokens: 1000 })).toBe(0);
  });

  it('keeps at least the newest block, and counts messages for a message budget', () => {
    expect(find(messages, { tokens: 0 })).toBe(5);
    expect(find(messages, { messages: 3 })).toBe(5);
    expect(find(messages, { messages: 4 })).toBe(3);
  });

  it('widens the window back to an unfinished exchange', () => {
    const open: ModelMessage[] = [
      { role: 'user', content: 'goal' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'x', toolName: 't', input: {} },
          { type: 'tool-call', toolCallId: 'y', toolName: 't', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'x',
            toolName: 't',
            output: { type: 'text', value: 'x' },
          },
        ],
      },
      { role: 'user', content: 'go on' },
      ...exchange('z'),
    ];
    expect(find(open, { tokens: 0 })).toBe(1);
  });
});
