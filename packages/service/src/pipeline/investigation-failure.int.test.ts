import { createScriptedModel } from '@sightline/core/testing';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';
import { INVESTIGATE_GROUP, PIPELINE_POLICIES } from './jobs.js';

/** The pipeline's policies with quick retries, so three failing attempts take a moment. */
const QUICK = {
  ...PIPELINE_POLICIES,
  [INVESTIGATE_GROUP]: { maxAttempts: 3, retryDelayMs: 10, timeoutMs: 60_000, keyed: true },
};

describe.each(TEST_DATABASES)('a failing investigation on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('ends failed with its reason and attempts, says so in one log line, and retry runs it again', async () => {
    const lines: string[] = [];
    harness = await openHarness(kind, {
      pipeline: {
        policies: QUICK,
        log: (line) => lines.push(line),
        // The operator's model, chosen by name (API callers never name a spec).
        models: { mini: 'openai:gpt-5-mini' },
        resolveModel: (spec) => {
          throw new Error(`The model server for ${spec} answered 503 Service Unavailable.`);
        },
      },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    const groupId = group?.id ?? '';
    expect(await harness.store.diagnoses.listOfGroup(groupId)).toHaveLength(1);

    await harness.pipeline.reinvestigate(groupId, { model: 'mini' });
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect((await harness.store.groups.get(groupId)).investigation).toEqual({
      state: 'failed',
      detail: 'The model server for openai:gpt-5-mini answered 503 Service Unavailable.',
      attempts: 3,
    });
    const failures = lines.filter((line) => / failed/.test(line));
    expect(failures).toEqual([
      `group ${groupId}: investigation attempt 1 of 3 failed, queued again: The model server for openai:gpt-5-mini answered 503 Service Unavailable.`,
      `group ${groupId}: investigation attempt 2 of 3 failed, queued again: The model server for openai:gpt-5-mini answered 503 Service Unavailable.`,
      `group ${groupId}: investigation failed after 3 attempts: The model server for openai:gpt-5-mini answered 503 Service Unavailable. (retry: POST /api/groups/${groupId}/retry)`,
    ]);

    // Retry: the service's default model (here offline) investigates again.
    await harness.pipeline.retry(groupId);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect((await harness.store.groups.get(groupId)).investigation?.state).toBe('done');
    expect(await harness.store.diagnoses.listOfGroup(groupId)).toHaveLength(2);
    // A group whose investigation did not fail is not retried.
    await expect(harness.pipeline.retry(groupId)).rejects.toThrow(/has not failed/);
  }, 120_000);

  it('counts what each failed attempt spent against the daily budget', async () => {
    // Each attempt: one step of 100,000 input tokens at Sonnet 4.5's prices ($0.3015), then the
    // model server fails.
    const step = {
      toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }],
      usage: { input: 100_000, output: 100 },
    };
    const failure = { error: new Error('connection reset') };
    const scripted = createScriptedModel([step, failure, step, failure, step, failure], {
      modelId: 'claude-sonnet-4-5',
    });
    const now = new Date('2026-12-02T10:00:00.000Z');
    harness = await openHarness(kind, {
      pipeline: {
        policies: QUICK,
        resolveModel: () => scripted.model,
        defaultModel: 'anthropic:claude-sonnet-4-5',
        maxDailyCostUsd: 50,
        now: () => now,
      },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    expect(group?.investigation).toMatchObject({ state: 'failed', attempts: 3 });
    expect(await harness.store.spend.ofDay(now)).toBeCloseTo(3 * 0.3015, 6);
  }, 120_000);

  it("fails an attempt whose model call outlasts the service's step timeout (serve --timeout)", async () => {
    // A model server that never answers: each call waits until the step's time runs out.
    const silent = new MockLanguageModelV3({
      provider: 'openai',
      modelId: 'gpt-5-mini',
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        ),
    });
    harness = await openHarness(kind, {
      pipeline: {
        policies: QUICK,
        models: { slow: 'openai:gpt-5-mini' },
        resolveModel: () => silent,
        stepTimeoutMs: 300,
      },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    const groupId = group?.id ?? '';
    await harness.pipeline.reinvestigate(groupId, { model: 'slow' });
    await harness.queue.drain({ timeoutMs: 60_000 });
    const { investigation } = await harness.store.groups.get(groupId);
    expect(investigation).toMatchObject({ state: 'failed', attempts: 3 });
    expect(investigation?.detail).toMatch(/did not answer in time/);
  }, 120_000);
});
