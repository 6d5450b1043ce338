import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolFunnel, type FunnelStep, replayFunnel } from './funnel.js';
import { callsLeftNote, NUDGE_NOTE, OUTPUT_INSTRUCTIONS } from './phase-notes.js';

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

  it('nudges once after an explore reply without a tool call, then moves to output', () => {
    expect(replayFunnel([step()], budgets).next).toEqual({
      phase: 'explore',
      step: 2,
      nudge: true,
    });
    expect(replayFunnel([step(), step('grep')], budgets).next).toEqual({
      phase: 'explore',
      step: 3,
    });
    expect(replayFunnel([step(), step('grep'), step()], budgets)).toEqual({
      phases: ['explore', 'explore', 'explore'],
      next: { phase: 'output', step: 1 },
    });
  });

  it('moves to output after a deep-dive reply without a tool call, or a conclude in explore', () => {
    expect(replayFunnel([step('suspect'), step()], budgets).next.phase).toBe('output');
    expect(replayFunnel([step('grep', 'conclude')], budgets).next.phase).toBe('output');
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

  const noteOf = (result: unknown) =>
    (result as { messages?: ModelMessage[] }).messages?.slice(messages.length);

  it('keeps every tool in explore (no activeTools) with toolChoice auto and no note early on', () => {
    expect(prepare([])).toEqual({
      result: { toolChoice: 'auto' },
      seen: [{ phase: 'explore', step: 1 }],
      stop: false,
    });
  });

  it('counts the last explore steps down, and nudges after a reply without a tool call', () => {
    expect(noteOf(prepare([step('grep')]).result)).toEqual([
      { role: 'user', content: expect.stringContaining('explore step left after this one') },
    ]);
    expect(noteOf(prepare([step('grep'), step('grep')]).result)).toEqual([
      { role: 'user', content: expect.stringContaining('the last explore step') },
    ]);
    const nudged = prepare([step()]).result;
    expect(nudged).toMatchObject({ toolChoice: 'auto' });
    expect(noteOf(nudged)?.[0]?.content).toContain(NUDGE_NOTE);
  });

  it('keeps every tool in deep-dive with a phase note that allows search', () => {
    const { result } = prepare([step('suspect')]);
    expect(result).not.toHaveProperty('activeTools');
    expect(result).toMatchObject({ toolChoice: 'auto' });
    expect(noteOf(result)).toEqual([
      { role: 'user', content: expect.stringContaining('deep-dive, step 1 of 2') },
    ]);
    expect(noteOf(result)?.[0]?.content).toContain('search (grep, find_symbol)');
  });

  it('keeps the tool definitions in the output step with toolChoice none, and stops the search before it', () => {
    const { result, stop } = prepare([step('suspect'), step('conclude')]);
    expect(result).toEqual({
      toolChoice: 'none',
      messages: [...messages, { role: 'user', content: OUTPUT_INSTRUCTIONS }],
    });
    // The loop runs the output step by itself (see investigation-loop.ts).
    expect(stop).toBe(true);
    expect(prepare([step('suspect')]).stop).toBe(false);
  });

  it('counts steps of earlier generateText calls of the same run', () => {
    const funnel = createToolFunnel({ budgets, earlierSteps: () => [step('suspect')] });
    const result = funnel.prepareStep({
      steps: [step('conclude')],
      messages,
    } as unknown as Parameters<typeof funnel.prepareStep>[0]);
    expect(result).toMatchObject({ toolChoice: 'none' });
  });
});

describe('replayFunnel with a tool-call budget', () => {
  const limited = { explore: 8, deepDive: 4, toolCalls: 3 };
  const grep = step('grep');

  it('goes to the output step once the code tool calls so far reach the budget, and says so', () => {
    expect(replayFunnel([], limited).next).toEqual({ phase: 'explore', step: 1, callsLeft: 3 });
    expect(replayFunnel([grep, grep], limited).next).toEqual({
      phase: 'explore',
      step: 3,
      callsLeft: 1,
    });
    expect(replayFunnel([grep, grep, grep], limited).next).toEqual({
      phase: 'output',
      step: 1,
      budgetSpent: true,
    });
    const twoAtOnce = step('grep', 'read_file');
    expect(replayFunnel([twoAtOnce, twoAtOnce], limited)).toEqual({
      phases: ['explore', 'explore'],
      next: { phase: 'output', step: 1, budgetSpent: true },
    });
  });

  it('counts code tools only: suspect and conclude are free', () => {
    expect(replayFunnel([grep, grep, step('suspect'), step('read_file')], limited).next).toEqual({
      phase: 'output',
      step: 1,
      budgetSpent: true,
    });
    expect(replayFunnel([grep, step('grep', 'suspect')], limited).next).toEqual({
      phase: 'deep-dive',
      step: 1,
      callsLeft: 1,
    });
    expect(replayFunnel([grep, step('suspect'), step('conclude')], limited).next).toEqual({
      phase: 'output',
      step: 1,
    });
  });

  it('shows the calls left in every explore and deep-dive note, and why the search ended in the output note', () => {
    const funnel = createToolFunnel({ budgets: limited });
    const prepare = (steps: FunnelStep[]) =>
      funnel.prepareStep({ steps, messages: [] } as unknown as Parameters<
        typeof funnel.prepareStep
      >[0]) as { messages?: ModelMessage[] };
    expect(prepare([]).messages).toEqual([{ role: 'user', content: callsLeftNote(3) }]);
    expect(prepare([grep, step('suspect')]).messages?.[0]?.content).toContain(callsLeftNote(2));
    const output = prepare([grep, grep, grep]).messages?.[0]?.content;
    expect(output).toContain('The tool-call budget is spent');
    expect(output).toContain(OUTPUT_INSTRUCTIONS);
  });
});
