/**
 * The run's tool-call budget, kept by the tools themselves: the funnel moves to the output step
 * once the calls so far reach it (checked after each step), and a call past it in the same step
 * (several calls in parallel) is not run but answered with a tool error that says so. So a run
 * never reads more than `budget` tool results, which bounds its context (see `stored-tools.ts`).
 */
import type { ToolSet } from 'ai';
import { PHASE_TOOL_NAMES } from './phases.js';

/**
 * Wraps every tool but the phase tools so that calls past `budget` are not run.
 * @param tools - the run's tools (not changed).
 * @param budget - most calls run, across the run; `undefined` for no budget.
 * @returns the tools, sharing one counter.
 */
export function withToolCallBudget<TOOLS extends ToolSet>(
  tools: TOOLS,
  budget: number | undefined,
): TOOLS {
  if (budget === undefined) return tools;
  let started = 0;
  const wrapped: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const { execute } = tool;
    if (PHASE_TOOL_NAMES.has(name) || !execute) {
      wrapped[name] = tool;
      continue;
    }
    wrapped[name] = {
      ...tool,
      execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
        started += 1;
        if (started > budget) {
          return {
            error: {
              code: 'TOOL_CALL_BUDGET_SPENT',
              message: `Not run: the ${budget} tool calls of this investigation are used. Write the report from what you have read.`,
            },
          };
        }
        return execute(input as never, options);
      },
    } as ToolSet[string];
  }
  return wrapped as TOOLS;
}
