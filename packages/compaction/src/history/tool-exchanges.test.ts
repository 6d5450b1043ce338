import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { isSettledBlock, segmentHistory, settledExchangesBefore } from './tool-exchanges.js';

const call = (id: string, toolName = 'grep') =>
  ({ type: 'tool-call', toolCallId: id, toolName, input: { pattern: id } }) as const;
const result = (id: string, toolName = 'grep') =>
  ({
    type: 'tool-result',
    toolCallId: id,
    toolName,
    output: { type: 'text', value: `r-${id}` },
  }) as const;

describe('segmentHistory', () => {
  it('groups parallel calls with results spread over several tool messages', () => {
    const messages: ModelMessage[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'goal' },
      { role: 'assistant', content: [{ type: 'text', text: 'looking' }, call('a'), call('b')] },
      { role: 'tool', content: [result('b')] },
      { role: 'tool', content: [result('a')] },
      { role: 'assistant', content: 'done' },
    ];
    expect(segmentHistory(messages)).toEqual([
      { kind: 'message', start: 0, end: 1 },
      { kind: 'message', start: 1, end: 2 },
      { kind: 'exchange', start: 2, end: 5, toolCallIds: ['a', 'b'], finished: true },
      { kind: 'message', start: 5, end: 6 },
    ]);
  });

  it('marks an exchange with a missing result as unfinished', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'goal' },
      { role: 'assistant', content: [call('a'), call('b')] },
      { role: 'tool', content: [result('a')] },
    ];
    const blocks = segmentHistory(messages);
    expect(blocks.at(-1)).toEqual({
      kind: 'exchange',
      start: 1,
      end: 3,
      toolCallIds: ['a', 'b'],
      finished: false,
    });
    expect(blocks.map(isSettledBlock)).toEqual([true, false]);
  });

  it('keeps approval requests, responses and the later result in one exchange', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          call('a', 'write_file'),
          { type: 'tool-approval-request', approvalId: 'p1', toolCallId: 'a' },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: 'p1', approved: true }],
      },
      { role: 'tool', content: [result('a', 'write_file')] },
      { role: 'user', content: 'next' },
    ];
    expect(segmentHistory(messages)).toEqual([
      { kind: 'exchange', start: 0, end: 3, toolCallIds: ['a'], finished: true },
      { kind: 'message', start: 3, end: 4 },
    ]);
  });

  it('treats provider-executed calls answered inline as finished and a stray tool message as its own block', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { ...call('w', 'web_search'), providerExecuted: true },
          result('w', 'web_search'),
        ],
      },
      { role: 'tool', content: [result('zz')] },
    ];
    expect(segmentHistory(messages)).toEqual([
      { kind: 'exchange', start: 0, end: 1, toolCallIds: ['w'], finished: true },
      { kind: 'message', start: 1, end: 2 },
    ]);
  });

  it('does not swallow a tool message answering another call', () => {
    const messages: ModelMessage[] = [
      { role: 'assistant', content: [call('a')] },
      { role: 'tool', content: [result('a')] },
      { role: 'tool', content: [result('other')] },
    ];
    expect(segmentHistory(messages).map((block) => [block.start, block.end])).toEqual([
      [0, 2],
      [2, 3],
    ]);
  });

  it('folds everything from a provider-executed call to its deferred result into one exchange', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'goal' },
      // A provider tool with deferred results: the call is answered by a later assistant message.
      {
        role: 'assistant',
        content: [{ ...call('x', 'code_execution'), providerExecuted: true }, call('a')],
      },
      { role: 'tool', content: [result('a')] },
      { role: 'assistant', content: [call('b')] },
      { role: 'tool', content: [result('b')] },
      {
        role: 'assistant',
        content: [result('x', 'code_execution'), { type: 'text', text: 'ran' }],
      },
      { role: 'user', content: 'next' },
    ];
    expect(segmentHistory(messages)).toEqual([
      { kind: 'message', start: 0, end: 1 },
      { kind: 'exchange', start: 1, end: 6, toolCallIds: ['x', 'a', 'b'], finished: true },
      { kind: 'message', start: 6, end: 7 },
    ]);
    // Before the result arrives, the exchange is unfinished (never cut, masked or summarized).
    expect(segmentHistory(messages.slice(0, 5)).map(isSettledBlock)).toEqual([true, false, true]);
    expect(settledExchangesBefore(messages, 7).map((block) => block.start)).toEqual([1]);
    expect(settledExchangesBefore(messages, 5)).toEqual([]);
  });
});
