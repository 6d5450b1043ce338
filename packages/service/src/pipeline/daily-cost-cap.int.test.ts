import { createScriptedModel } from '@sightline/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

/** A crash of another function of the fake shop: another group. */
const priceCrash = `RangeError: Invalid currency code
    at formatPrice (/srv/shop/src/format/price.ts:3:11)
    at checkoutSummary (/srv/shop/src/checkout.ts:4:10)`;

describe.each(TEST_DATABASES)('the daily cost cap on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('stops spending at the cap; investigations wait, queued with the reason, until the next UTC day', async () => {
    // 100,000 input tokens at Sonnet 4.5's $3 per million (+100 output at $15): $0.3015 a step.
    const usage = { input: 100_000, output: 100 };
    const step = (pattern: string) => ({
      toolCalls: [{ toolName: 'grep', input: { pattern } }],
      usage,
    });
    const scripted = createScriptedModel(['cartTotal', 'price', 'cartTotal', 'price'].map(step), {
      modelId: 'claude-sonnet-4-5',
    });
    let now = new Date('2026-12-02T10:00:00.000Z');
    const lines: string[] = [];
    // One job at a time: two started at once could each spend what was left (see maxDailyCostUsd).
    harness = await openHarness(kind, {
      work: false,
      pipeline: {
        resolveModel: () => scripted.model,
        defaultModel: 'anthropic:claude-sonnet-4-5',
        maxCostUsd: 5,
        maxDailyCostUsd: 0.5,
        now: () => now,
        log: (line) => lines.push(line),
      },
    });
    await harness.queue.work(harness.pipeline.handlers, { concurrency: 1 });
    const waiting = (spent: string, until: string) => ({
      state: 'queued',
      detail: `Waiting for the daily cost cap: an estimated $${spent} of $0.5 spent today (UTC); it runs after ${until} (raise --max-daily-cost to run it sooner).`,
      attempts: 1,
    });
    const investigations = async () =>
      Object.fromEntries(
        (await harness.store.inbox({})).groups.map((group) => [
          group.title.slice(0, 10),
          group.investigation,
        ]),
      );

    // $0.10 of the day went on an earlier run.
    await harness.store.spend.add({
      runKey: 'earlier',
      groupId: 'earlier',
      model: 'anthropic:claude-sonnet-4-5',
      costUsd: 0.1,
      at: now,
    });
    // The first investigation may spend what is left of the day: it stops there and waits.
    await harness.ingestText([{ id: 'crash-1', text: cartCrash(6) }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(scripted.calls).toHaveLength(2);
    expect(await harness.store.spend.ofDay(now)).toBeCloseTo(0.703, 6);
    // The next one does not call the model at all.
    await harness.ingestText([{ id: 'crash-2', text: priceCrash }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(scripted.calls).toHaveLength(2);
    expect(await investigations()).toEqual({
      'TypeError:': waiting('0.7030', '2026-12-03T00:00:00.000Z'),
      RangeError: waiting('0.7030', '2026-12-03T00:00:00.000Z'),
    });
    expect(lines.filter((line) => line.includes('Waiting for the daily cost cap'))).toHaveLength(2);
    expect(await harness.queue.failed()).toEqual([]);

    // Later the same day nothing is due; the next day both are queued again under a fresh budget.
    expect(await harness.pipeline.resumeWaiting(new Date('2026-12-02T23:59:00.000Z'))).toBe(0);
    now = new Date('2026-12-03T00:00:30.000Z');
    expect(await harness.pipeline.resumeWaiting()).toBe(2);
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(scripted.calls).toHaveLength(4);
    expect(await harness.store.spend.ofDay(now)).toBeCloseTo(0.603, 6);
    // The one that ran had the whole day's budget and still reached it: a later day gives it no
    // more, so it fails (retried by hand) instead of spending the cap again every day.
    const states = Object.values(await investigations()).sort((a, b) =>
      String(a?.state).localeCompare(String(b?.state)),
    );
    expect(states).toEqual([
      {
        state: 'failed',
        detail:
          'Stopped at the daily cost cap: this investigation alone reached the whole of --max-daily-cost ($0.5) after an estimated $0.6030, so a later day would stop it again. Raise --max-daily-cost and retry it.',
        attempts: 1,
      },
      waiting('0.6030', '2026-12-04T00:00:00.000Z'),
    ]);
    expect(await harness.store.diagnoses.count()).toBe(0);
  }, 120_000);
});
