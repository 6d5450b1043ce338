import { createScriptedModel } from '@sightline/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

describe.each(TEST_DATABASES)('investigate-group with a cost cap on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('stops a capped investigation after the step that reaches the cap, logs it and stores nothing', async () => {
    // 100,000 input tokens at Sonnet 4.5's $3 per million: $0.30 for the first step, over $0.10.
    const usage = { input: 100_000, output: 100 };
    const scripted = createScriptedModel(
      [
        { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }], usage },
        { toolCalls: [{ toolName: 'grep', input: { pattern: 'price' } }], usage },
      ],
      { modelId: 'claude-sonnet-4-5' },
    );
    const lines: string[] = [];
    harness = await openHarness(kind, {
      pipeline: {
        resolveModel: () => scripted.model,
        defaultModel: 'anthropic:claude-sonnet-4-5',
        maxCostUsd: 0.1,
        log: (line) => lines.push(line),
      },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash(6) }]);
    await harness.queue.drain({ timeoutMs: 60_000 });

    expect(scripted.calls).toHaveLength(1);
    expect(lines.join('\n')).toContain(
      'Stopped at the cost cap: an estimated $0.3015 spent of $0.1',
    );
    const crash = (await harness.store.inbox({})).groups.find((group) => group.label === 'crash');
    expect(await harness.store.diagnoses.listOfGroup(crash?.id ?? '')).toEqual([]);
    expect(crash?.investigation).toEqual({
      state: 'failed',
      detail: expect.stringContaining('Stopped at the cost cap'),
      attempts: 1,
    });
    expect(await harness.queue.failed()).toEqual([]);
  }, 120_000);

  it('logs a diagnosis of a folder without git as such, not "at unversioned"', async () => {
    const lines: string[] = [];
    harness = await openHarness(kind, { pipeline: { log: (line) => lines.push(line) } });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash(6) }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const logged = lines.filter((line) => line.includes(' diagnosed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /\) diagnosed \(no revision recorded: the repository is not a git checkout\)$/,
    );
  }, 120_000);
});
