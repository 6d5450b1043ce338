import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { MASKED_RESULT_PREFIX, maskToolResults } from './mask-tool-results.js';

const big = 'line of grep output\n'.repeat(20);
const history = (): ModelMessage[] => [
  { role: 'user', content: 'find the bug' },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'grep', input: { pattern: 'x' } }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'grep',
        output: { type: 'text', value: big },
      },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'c2', toolName: 'read_file', input: { path: 'a.ts' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'read_file',
        output: { type: 'json', value: { text: big } },
      },
    ],
  },
];

describe('maskToolResults', () => {
  it('masks settled results before the recent window to a stub with their path, and plans the writes', () => {
    const messages = history();
    const plan = maskToolResults(messages, { session: 's1', recentStart: 3 });
    expect(plan.messages[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'grep',
          output: {
            type: 'text',
            value: `${MASKED_RESULT_PREFIX} output of grep (call c1) is in the store at /tool_results/s1/c1.txt; use read_stored or search_stored to see it.`,
          },
        },
      ],
    });
    expect(plan.messages.slice(3)).toEqual(messages.slice(3));
    expect(plan.messages[3]).toBe(messages[3]);
    expect(plan.writes).toEqual([{ path: '/tool_results/s1/c1.txt', content: big }]);
    expect(plan.moved).toEqual([
      { toolCallId: 'c1', toolName: 'grep', path: '/tool_results/s1/c1.txt' },
    ]);
  });

  it('is idempotent: masking a masked history changes nothing', () => {
    const once = maskToolResults(history(), { session: 's1', recentStart: 5 });
    expect(once.moved).toHaveLength(2);
    const twice = maskToolResults(once.messages, { session: 's1', recentStart: 5 });
    expect(twice).toEqual({ messages: once.messages, writes: [], moved: [] });
  });

  it('keeps short outputs, media parts and unfinished exchanges', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'ls', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'ls',
            output: { type: 'text', value: 'ok' },
          },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'b', toolName: 'shot', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'shot',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: big },
                { type: 'image-data', data: 'AAA', mediaType: 'image/png' },
              ],
            },
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c', toolName: 'grep', input: {} },
          { type: 'tool-call', toolCallId: 'd', toolName: 'grep', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'grep',
            output: { type: 'text', value: big },
          },
        ],
      },
    ];
    const plan = maskToolResults(messages, { session: 's', recentStart: 6 });
    expect(plan.messages[1]).toBe(messages[1]);
    expect(plan.messages[5]).toBe(messages[5]);
    expect(plan.messages[3]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'b',
          toolName: 'shot',
          output: {
            type: 'content',
            value: [
              {
                type: 'text',
                text: `${MASKED_RESULT_PREFIX} output of shot (call b) is in the store at /tool_results/s/b.txt; use read_stored or search_stored to see it.`,
              },
              { type: 'image-data', data: 'AAA', mediaType: 'image/png' },
            ],
          },
        },
      ],
    });
    expect(plan.writes).toEqual([
      { path: '/tool_results/s/b.txt', content: `${big}\n[image/png image-data]` },
    ]);
  });
});
