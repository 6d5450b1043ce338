/**
 * The package README's ToolLoopAgent example, executed with a scripted model: the code between
 * the markers below must equal the README's example block, so the README cannot drift.
 */
import { readFileSync } from 'node:fs';
import { getModelProfile } from '@sightline/core';
import { stepCountIs, ToolLoopAgent, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStepModel } from './engine/__fixtures__/scripted-steps.js';
import { createCompaction } from './index.js';

const source = readFileSync(new URL(import.meta.url), 'utf8');
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README example', () => {
  it('runs a ToolLoopAgent with compaction and matches the README', async () => {
    const model = createStepModel([
      () => ({ toolCalls: [{ toolName: 'grep', input: { pattern: 'total' } }] }),
      () => ({ text: 'The total divides by zero.' }),
    ]);
    const grep = tool({
      description: 'Search the repository.',
      inputSchema: z.object({ pattern: z.string() }),
      execute: async ({ pattern }) => `src/cart.ts:12: ${pattern} / items.length`,
    });
    // README example start
    const instructions = 'You investigate bugs in this repository.';
    const compaction = createCompaction({
      profile: getModelProfile('claude-sonnet-4-5'),
      system: instructions,
    });
    const agent = new ToolLoopAgent({
      model,
      instructions,
      tools: compaction.wrapTools({ grep, ...compaction.tools }),
      prepareStep: compaction.prepareStep,
      stopWhen: stepCountIs(50),
    });
    const { text } = await agent.generate({ prompt: 'Why is the cart total NaN?' });
    console.log(text, compaction.events);
    // README example end
    expect(text).toBe('The total divides by zero.');
    const example =
      /\/\/ README example start\n([\s\S]*?)\n\s*\/\/ README example end/.exec(source)?.[1] ?? '';
    const dedented = example.replace(/^ {4}/gm, '');
    expect(readme).toContain(dedented);
  });
});
