import { getModelProfile } from '@sightline/core';
import type { ScriptedResponse } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import { runScripted } from './__fixtures__/run-scripted.js';

/** 100,000 uncached input tokens at Sonnet 4.5's $3 per million: $0.30 a step (plus output). */
const USAGE = { input: 100_000, output: 1_000 };
const SONNET = getModelProfile('claude-sonnet-4-5');

/** The model's report, in free form: the structurer reads it. */
const REPORT = `## Root cause
cartTotal starts its loop at index 1, so the first line item is never added.`;

const STEPS: ScriptedResponse[] = [
  { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }], usage: USAGE },
  {
    text: 'The loop in cartTotal looks off by one.',
    toolCalls: [{ toolName: 'read_file', input: { path: 'src/cart/total.ts' } }],
    usage: USAGE,
  },
  {
    toolCalls: [
      { toolName: 'suspect', input: { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] } },
    ],
    usage: USAGE,
  },
  {
    toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }],
    usage: USAGE,
  },
  { text: REPORT, usage: USAGE },
];

describe('investigateWithModel with a cost cap', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('puts what was spent on a model-call failure after the first step (stats.costUsd)', async () => {
    const [first, second] = STEPS;
    const failing = { error: new Error('connection reset') };
    const { result } = runScripted(repository, [first, second, failing] as ScriptedResponse[], [], {
      profile: SONNET,
    });
    await expect(result).rejects.toMatchObject({
      code: 'MODEL_CALL_FAILED',
      details: { stats: { costUsd: 0.63 } },
    });
  });

  it('puts what was spent on a structurer failure (stats.costUsd)', async () => {
    const { result } = runScripted(repository, STEPS, [{ error: new Error('connection reset') }], {
      profile: SONNET,
    });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ details: { stats: { costUsd: 1.575 } } });
  });

  it('stops after the step that reaches the cap and keeps a partial report', async () => {
    const { agent, structurer, result } = runScripted(repository, STEPS, [], {
      profile: SONNET,
      maxCostUsd: 0.5,
    });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'COST_LIMIT_REACHED',
      message: expect.stringContaining('of $0.5 after 2 step(s)'),
      details: { maxCostUsd: 0.5, costUsd: 0.63, stats: { toolCalls: 2, costUsd: 0.63 } },
    });
    expect(agent.calls).toHaveLength(2);
    expect(structurer.calls).toHaveLength(0);
    const { markdown } = (error as { details: { markdown: string } }).details;
    expect(markdown).toContain('# Partial investigation (stopped at the cost cap)');
    expect(markdown).toContain('1. `grep` {"pattern":"cartTotal"}');
    expect(markdown).toContain('   > The loop in cartTotal looks off by one.');
  });

  it("keeps the model's own report when the cap is reached by its output step", async () => {
    const { agent, structurer, result } = runScripted(repository, STEPS, [], {
      profile: SONNET,
      maxCostUsd: 1.5,
    });
    await expect(result).rejects.toMatchObject({
      code: 'COST_LIMIT_REACHED',
      details: { markdown: REPORT },
    });
    expect(agent.calls).toHaveLength(5);
    expect(structurer.calls).toHaveLength(0);
  });

  it('finishes under the cap (the cap counts the investigating model only)', async () => {
    const structured = {
      text: JSON.stringify(CART_DIAGNOSIS),
      usage: { input: 1_000, output: 500 },
    };
    const { result } = runScripted(repository, STEPS, [structured], {
      profile: SONNET,
      maxCostUsd: 5,
    });
    const { stats, diagnosis } = await result;
    // 5 × $0.315 for the loop; the scripted structurer has no price, so no total is claimed.
    expect(stats).toMatchObject({ inputTokens: 501_000, toolCalls: 4 });
    expect(stats.costUsd).toBeUndefined();
    expect(diagnosis.verification?.verified).toBe(true);
  });

  it.each([
    [0, SONNET, 'positive number'],
    [1, getModelProfile('my-finetune'), 'No price is known'],
  ])('refuses a cap of %s before any call when it cannot be kept', async (cap, profile, text) => {
    const { agent, result } = runScripted(repository, STEPS, [], { profile, maxCostUsd: cap });
    await expect(result).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(text),
    });
    expect(agent.calls).toHaveLength(0);
  });
});
