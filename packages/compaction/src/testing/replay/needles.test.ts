import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../stores/memory-store.js';
import { createRecoveryTools } from '../../tools/recovery-tools.js';
import type { ModelPrompt } from '../prompt-checks.js';
import { checkNeedles, escapeRegExp, pickNeedles } from './needles.js';
import type { ReplayScript } from './parse-trajectory.js';

const call = (toolCallId: string, result: string) => ({
  toolCallId,
  toolName: 'bash',
  input: { command: 'x' },
  result,
});

const SCRIPT: ReplayScript = {
  system: 'You are a programmer. Shared banner line for everyone',
  goal: 'Fix the TimeDelta rounding bug in fields.py',
  turns: [
    {
      thought: 'Look.',
      toolCalls: [
        call(
          'c1',
          'short\nShared banner line for everyone\nbase_unit = dt.timedelta(**{self.precision: 1})\nrepeated footer line here',
        ),
      ],
    },
    {
      thought: 'Run.',
      toolCalls: [call('c2', 'Output: 344 (expected 345)\nrepeated footer line here')],
    },
    { thought: 'Done.', toolCalls: [call('c3', 'still in context: final observation line')] },
  ],
};

/** A final prompt in which only the third observation survived. */
const FINAL: ModelPrompt = [
  { role: 'system', content: SCRIPT.system },
  { role: 'user', content: [{ type: 'text', text: SCRIPT.goal }] },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c3',
        toolName: 'bash',
        output: { type: 'text', value: 'still in context: final observation line' },
      },
    ],
  },
];

describe('pickNeedles', () => {
  it('takes, per observation that left the context, its longest line found nowhere else', () => {
    expect(pickNeedles(SCRIPT, { finalPrompt: FINAL })).toEqual([
      { toolCallId: 'c1', text: 'base_unit = dt.timedelta(**{self.precision: 1})' },
      { toolCallId: 'c2', text: 'Output: 344 (expected 345)' },
    ]);
  });

  it('honours the limit and skips lines still in the prompt', () => {
    const kept: ModelPrompt = [
      ...FINAL,
      {
        role: 'user',
        content: [{ type: 'text', text: 'base_unit = dt.timedelta(**{self.precision: 1})' }],
      },
    ];
    expect(pickNeedles(SCRIPT, { finalPrompt: kept, limit: 1 })).toEqual([
      { toolCallId: 'c2', text: 'Output: 344 (expected 345)' },
    ]);
  });
});

describe('checkNeedles', () => {
  it('finds a stored needle through search_stored and in the store, and reports a lost one', async () => {
    const store = createMemoryStore();
    await store.write('/tool_results/s/c1.txt', SCRIPT.turns[0]?.toolCalls[0]?.result ?? '');
    const tools = createRecoveryTools({ store });
    const checks = await checkNeedles(
      [
        { toolCallId: 'c1', text: 'base_unit = dt.timedelta(**{self.precision: 1})' },
        { toolCallId: 'c2', text: 'Output: 344 (expected 345)' },
      ],
      { tools, store },
    );
    expect(checks).toEqual([
      {
        toolCallId: 'c1',
        text: 'base_unit = dt.timedelta(**{self.precision: 1})',
        foundBySearch: true,
        inStore: true,
        path: '/tool_results/s/c1.txt',
      },
      {
        toolCallId: 'c2',
        text: 'Output: 344 (expected 345)',
        foundBySearch: false,
        inStore: false,
        path: undefined,
      },
    ]);
  });
});

describe('escapeRegExp', () => {
  it('makes every syntax character literal under the v flag', () => {
    const text = 'a.b*c+d?e^f$g|h(i)j[k]l{m}n/o\\p-q';
    expect(new RegExp(`^${escapeRegExp(text)}$`, 'v').test(text)).toBe(true);
  });
});
