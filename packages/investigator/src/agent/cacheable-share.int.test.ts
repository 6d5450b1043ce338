import type { ScriptedResponse } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import { runScripted } from './__fixtures__/run-scripted.js';
import { CACHE_RULES, measureCacheableShare } from './cacheable-share.js';

const call = (toolName: string, input: unknown): ScriptedResponse => ({
  toolCalls: [{ toolName, input }],
});

/** Explore (with a countdown note near the budget), suspect, deep-dive, conclude, report. */
const SCRIPT: ScriptedResponse[] = [
  call('grep', { pattern: 'cartTotal' }),
  call('read_file', { path: 'src/cart/total.ts' }),
  call('read_file', { path: 'src/checkout.ts' }),
  call('suspect', { locations: [{ path: 'src/cart/total.ts', why: 'loop starts at 1' }] }),
  call('read_file', { path: 'src/cart/types.ts' }),
  call('conclude', { summary: 'The loop skips items[0].' }),
  { text: '## Root cause\ncartTotal starts its loop at index 1.' },
];

describe('the prompt prefix of an investigation', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('repeats every earlier step byte for byte, so each step reads the one before from the cache', async () => {
    const { agent, result } = runScripted(
      repository,
      SCRIPT,
      [{ text: JSON.stringify(CART_DIAGNOSIS) }],
      { budgets: { explore: 3 } },
    );
    await result;
    const requests = agent.calls.map(({ prompt, toolDefinitions }) => ({
      prompt,
      tools: toolDefinitions,
    }));
    expect(requests).toHaveLength(SCRIPT.length);
    for (const rules of [CACHE_RULES.anthropic, CACHE_RULES.openai]) {
      const { steps } = measureCacheableShare(requests, rules);
      steps.slice(1).forEach((step, index) => {
        const before = steps[index]?.inputTokens ?? 0;
        // All of the step before is read again except its per-step note (and OpenAI's rounding).
        expect(step.cacheableTokens, `${rules.provider}, step ${index + 2}`).toBeGreaterThan(
          before - 300,
        );
      });
    }
  });
});
