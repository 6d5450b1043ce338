/**
 * Evals with scripted models driving the real `generateText` loop through `prepareStep`:
 * the goal survives a forced summarization and the task continues; a fact pushed out of the
 * context is recovered with `search_stored` then `read_stored`.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SMALL_PROFILE } from '../../engine/__fixtures__/engine-setup.js';
import { createStepModel, type StepPrompt } from '../../engine/__fixtures__/scripted-steps.js';
import { createCompaction } from '../../engine/create-compaction.js';
import { countMessagesTokens } from '../../history/message-tokens.js';
import { checkPromptPairing, promptContains, promptTexts } from '../prompt-checks.js';

/** A small window so that a short task crosses the trigger mid-way. */
const profile = SMALL_PROFILE;
const GOAL = [
  'The checkout page shows "NaN €" when the cart is empty.',
  'Find the cause in src/cart.ts, propose a fix, and do not change the public API.',
].join('\n');
const readFile = tool({
  description: 'Read a file.',
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) =>
    Array.from(
      { length: 12 },
      (_, line) => `${path}:${line + 1}: const value${line} = compute(${line});`,
    ).join('\n'),
});
const thinking = (step: number) =>
  `Step ${step}. ${'I compare the totals with the item prices and keep notes. '.repeat(4)}`;

describe('compaction evals', () => {
  it('keeps the goal verbatim after a summarization forced at 25% of the window, and the task completes', async () => {
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.25 },
      keepRecent: { fraction: 0.05 },
    });
    const steps = Array.from({ length: 8 }, (_, step) => () => ({
      text: thinking(step),
      toolCalls: [{ toolName: 'read_file', input: { path: `src/module${step}.ts` } }],
    }));
    const model = createStepModel([
      ...steps,
      () => ({ text: 'Root cause: division by items.length in src/cart.ts.' }),
    ]);
    const result = await generateText({
      model,
      system: 'You are a careful engineer.',
      prompt: GOAL,
      tools: compaction.wrapTools({ read_file: readFile }),
      prepareStep: compaction.prepareStep,
      stopWhen: stepCountIs(12),
    });

    const summaries = compaction.events.filter((event) => event.type === 'history-summarize');
    expect(summaries.length).toBeGreaterThan(0);
    const firstSummary = summaries[0]?.step ?? -1;
    // Summarization happened mid-task, as soon as masking alone left the context over 25% of the
    // window (within one step's growth), and brought it back under.
    expect(firstSummary).toBeGreaterThan(0);
    expect(firstSummary).toBeLessThan(8);
    expect(summaries[0]?.tokensBefore).toBeGreaterThan(0.25 * profile.contextWindow);
    expect(summaries[0]?.tokensBefore).toBeLessThan(0.3 * profile.contextWindow);
    expect(summaries[0]?.tokensAfter).toBeLessThan(0.25 * profile.contextWindow);
    // The very next model call still holds the goal verbatim, and the run finishes.
    const nextPrompt = model.doGenerateCalls[firstSummary]?.prompt ?? [];
    expect(promptContains(nextPrompt, GOAL)).toBe(true);
    expect(promptContains(nextPrompt, 'src/module0.ts:5: const value4 = compute(4);')).toBe(false);
    expect(result.text).toBe('Root cause: division by items.length in src/cart.ts.');
    expect(model.doGenerateCalls).toHaveLength(9);
    for (const call of model.doGenerateCalls)
      expect(checkPromptPairing(call.prompt)).toEqual({
        orphanToolCalls: [],
        orphanToolResults: [],
      });
    // Without compaction the history sent at the end would be over the trigger.
    expect(countMessagesTokens(result.response.messages)).toBeGreaterThan(
      0.2 * profile.contextWindow,
    );
  });

  it('recovers a fact pushed out by summarization through search_stored then read_stored', async () => {
    const NEEDLE = 'The staging deploy key is ZEBRA-7431.';
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.2 },
      keepRecent: { fraction: 0.1 },
    });
    const readConfig = tool({
      description: 'Read the deployment notes.',
      inputSchema: z.object({}),
      execute: async () =>
        [
          '# Deployment notes',
          ...Array.from({ length: 20 }, (_, line) => `note ${line}: nothing special`),
          NEEDLE,
          'end',
        ].join('\n'),
    });
    const lastResult = (prompt: StepPrompt): string => promptTexts(prompt).at(-1) ?? '';
    let promptBeforeSearch: StepPrompt = [];
    const model = createStepModel([
      () => ({ toolCalls: [{ toolName: 'read_config', input: {} }] }),
      ...Array.from({ length: 6 }, (_, step) => () => ({
        text: thinking(step),
        toolCalls: [{ toolName: 'read_file', input: { path: `src/module${step}.ts` } }],
      })),
      (prompt) => {
        promptBeforeSearch = prompt;
        return { toolCalls: [{ toolName: 'search_stored', input: { pattern: 'deploy key' } }] };
      },
      (prompt) => {
        // search_stored lists each path on its own line, then its matching lines numbered `  12│ text`.
        const found = lastResult(prompt);
        const path = /^(\/\S+)$/m.exec(found)?.[1];
        const line = /^\s*(\d+)│.*deploy key/m.exec(found)?.[1];
        if (!path || !line) throw new Error(`search_stored found nothing: ${found}`);
        return {
          toolCalls: [{ toolName: 'read_stored', input: { path, offset: Number(line), limit: 1 } }],
        };
      },
      (prompt) => ({
        text: `Recovered: ${/ZEBRA-\d+/.exec(lastResult(prompt))?.[0] ?? 'nothing'}`,
      }),
    ]);
    const result = await generateText({
      model,
      prompt: 'Prepare the staging deploy.',
      tools: compaction.wrapTools({
        read_config: readConfig,
        read_file: readFile,
        ...compaction.tools,
      }),
      prepareStep: compaction.prepareStep,
      stopWhen: stepCountIs(12),
    });

    expect(compaction.events.some((event) => event.type === 'history-summarize')).toBe(true);
    expect(promptContains(promptBeforeSearch, 'ZEBRA-7431')).toBe(false);
    expect(result.text).toBe('Recovered: ZEBRA-7431');
    const matches = await compaction.store.grep('ZEBRA-7431');
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((match) => match.text.includes(NEEDLE))).toBe(true);
  });
});
