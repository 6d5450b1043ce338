import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolFunnel, type FunnelStep, replayFunnel } from './funnel.js';
import { OUTPUT_INSTRUCTIONS } from './prompts.js';

const budgets = { explore: 3, deepDive: 2 };
const step = (...toolNames: string[]): FunnelStep => ({
  toolCalls: toolNames.map((toolName) => ({ toolName })),
});

describe('replayFunnel', () => {
  it('runs explore to its budget, then deep-dive to its budget, then one output step', () => {
    const steps = [
      step('grep'),
      step('read_file'),
      step('grep'),
      step('read_file'),
      step('read_file'),
      step(),
    ];
    expect(replayFunnel(steps, budgets)).toEqual({
      phases: ['explore', 'explore', 'explore', 'deep-dive', 'deep-dive', 'output'],
      next: { phase: 'done', step: 1 },
    });
  });

  it('leaves explore on suspect and deep-dive on conclude', () => {
    expect(replayFunnel([step('grep', 'suspect'), step('conclude')], budgets)).toEqual({
      phases: ['explore', 'deep-dive'],
      next: { phase: 'output', step: 1 },
    });
  });

  it('numbers the next step within its phase', () => {
    expect(replayFunnel([step('grep'), step('suspect'), step('read_file')], budgets).next).toEqual({
      phase: 'deep-dive',
      step: 2,
    });
  });
});

describe('createToolFunnel', () => {
  const messages: ModelMessage[] = [{ role: 'user', content: 'investigate' }];
  const prepare = (steps: FunnelStep[]) => {
    const seen: unknown[] = [];
    const funnel = createToolFunnel({ budgets, onStepStart: (position) => seen.push(position) });
    // The funnel reads only `toolCalls` of the steps; the rest of the SDK's arguments are unused.
    const result = funnel.prepareStep({
      steps,
      messages,
      stepNumber: steps.length,
      model: 'unused',
      experimental_context: undefined,
    } as unknown as Parameters<typeof funnel.prepareStep>[0]);
    return {
      result,
      seen,
      stop: funnel.stopWhen({ steps } as unknown as Parameters<typeof funnel.stopWhen>[0]),
    };
  };

  it('offers the explore tools and requires a tool call, leaving messages untouched', () => {
    expect(prepare([])).toEqual({
      result: {
        activeTools: [
          'grep',
          'read_file',
          'list_dir',
          'find_symbol',
          'suspect',
          'read_stored',
          'search_stored',
        ],
        toolChoice: 'auto',
      },
      seen: [{ phase: 'explore', step: 1 }],
      stop: false,
    });
  });

  it('offers read_file and conclude in deep-dive with a phase note for that step', () => {
    const { result } = prepare([step('suspect')]);
    expect(result).toMatchObject({
      activeTools: ['read_file', 'conclude', 'read_stored', 'search_stored'],
      toolChoice: 'auto',
    });
    const added = (result as { messages: ModelMessage[] }).messages;
    expect(added).toHaveLength(2);
    expect(added[1]).toEqual({
      role: 'user',
      content: expect.stringContaining('deep-dive, step 1 of 2'),
    });
  });

  it('offers no tools in the output step and stops after it', () => {
    const { result, stop } = prepare([step('suspect'), step('conclude')]);
    expect(result).toEqual({
      activeTools: [],
      toolChoice: 'none',
      messages: [...messages, { role: 'user', content: OUTPUT_INSTRUCTIONS }],
    });
    expect(stop).toBe(false);
    expect(prepare([step('suspect'), step('conclude'), step()]).stop).toBe(true);
  });
});
