import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  TRUNCATED_INPUT_PREFIX,
  toolInputPath,
  truncateToolInputs,
} from './truncate-tool-inputs.js';

const body = 'export const value = 1;\n'.repeat(100);
const editCall = (id: string): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text: 'editing' },
    {
      type: 'tool-call',
      toolCallId: id,
      toolName: 'edit_file',
      input: { path: 'src/a.ts', edits: [{ old: 'x', new: body }] },
    },
  ],
});
const done = (id: string): ModelMessage => ({
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: id,
      toolName: 'edit_file',
      output: { type: 'text', value: 'ok' },
    },
  ],
});

describe('truncateToolInputs', () => {
  it('replaces large string arguments of old calls by a pointer and keeps the other arguments', () => {
    const messages = [editCall('e1'), done('e1'), editCall('e2'), done('e2')];
    const plan = truncateToolInputs(messages, { session: 's1', recentStart: 2 });
    const pointer = `${TRUNCATED_INPUT_PREFIX} full input of edit_file (call e1) is in the store at /tool_results/s1/e1.input.json; use read_stored to see it.`;
    expect(plan.messages[0]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'editing' },
        {
          type: 'tool-call',
          toolCallId: 'e1',
          toolName: 'edit_file',
          input: { path: 'src/a.ts', edits: [{ old: 'x', new: pointer }] },
        },
      ],
    });
    expect(plan.messages.slice(1)).toEqual(messages.slice(1));
    expect(plan.writes).toEqual([
      {
        path: '/tool_results/s1/e1.input.json',
        content: JSON.stringify({ path: 'src/a.ts', edits: [{ old: 'x', new: body }] }, null, 2),
      },
    ]);
    expect(plan.moved).toEqual([
      { toolCallId: 'e1', toolName: 'edit_file', path: '/tool_results/s1/e1.input.json' },
    ]);
  });

  it('leaves small inputs, recent calls and already truncated calls alone', () => {
    const messages = [editCall('e1'), done('e1')];
    expect(
      truncateToolInputs(messages, { session: 's', recentStart: 2, largeInputTokens: 10_000 })
        .moved,
    ).toEqual([]);
    expect(truncateToolInputs(messages, { session: 's', recentStart: 1 }).moved).toEqual([]);
    const once = truncateToolInputs(messages, { session: 's', recentStart: 2 });
    expect(truncateToolInputs(once.messages, { session: 's', recentStart: 2 })).toEqual({
      messages: once.messages,
      writes: [],
      moved: [],
    });
  });

  it('escapes ids in the path', () => {
    expect(toolInputPath('a/b', 'c.d')).toBe('/tool_results/a%002Fb/c%002Ed.input.json');
  });
});
