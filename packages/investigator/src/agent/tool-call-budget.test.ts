import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withToolCallBudget } from './tool-call-budget.js';

const echo = tool({
  description: 'echo',
  inputSchema: z.object({ text: z.string() }),
  execute: async ({ text }) => text,
});
const options = { toolCallId: 'call', messages: [] };

describe('withToolCallBudget', () => {
  it('runs calls up to the budget and answers the ones past it with a tool error, phase tools free', async () => {
    const tools = withToolCallBudget({ grep: echo, read_file: echo, conclude: echo }, 2);
    const results = await Promise.all([
      tools.grep.execute?.({ text: 'a' }, options),
      tools.conclude.execute?.({ text: 'summary' }, options),
      tools.read_file.execute?.({ text: 'b' }, options),
      tools.grep.execute?.({ text: 'c' }, options),
    ]);
    expect(results).toEqual([
      'a',
      'summary',
      'b',
      {
        error: {
          code: 'TOOL_CALL_BUDGET_SPENT',
          message: expect.stringContaining('Not run: the 2 tool calls'),
        },
      },
    ]);
  });

  it('changes nothing without a budget', () => {
    const tools = { grep: echo };
    expect(withToolCallBudget(tools, undefined)).toBe(tools);
  });
});
