/** Never shed what was sent: webhooks are never rate-limited; API clients are limited one by one. */
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openSignedApp, type SignedApp } from './signed-source.test-helper.js';

describe.each(TEST_DATABASES)('never shed what was sent, on $name', (kind) => {
  let opened: SignedApp | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('stores a burst of 2,000 signed deliveries in full, past any API rate limit', async () => {
    // No worker: the burst is about storing, which is what a 2xx promises. All 2,000 arrive at
    // once, so the waiting room is made to hold them (its default, 256, answers the rest 503 with
    // Retry-After: webhooks.test.ts); what is tested here is that no API rate limit applies.
    opened = await openSignedApp(kind, {
      token: 'client-a',
      limits: { perMinute: 10, webhookWaiting: 2_000 },
    });
    const { deliver, harness } = opened;
    const sourceId = await opened.addSource('burst');
    const statuses = await Promise.all(
      Array.from({ length: 2_000 }, async (_, index) => {
        const body = JSON.stringify({ id: `evt-${index}`, text: `Checkout fails, case ${index}` });
        return (await deliver(sourceId, body)).status;
      }),
    );
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
    const counts = await harness.store.reports.counts();
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(2_000);
  }, 120_000);

  it('answers a client over its limit 429 with JSON and Retry-After while another is served', async () => {
    opened = await openSignedApp(kind, {
      token: ['client-a', 'client-b'],
      limits: { perMinute: 3 },
    });
    const { app } = opened;
    const as = (token: string) =>
      app.request('/api/projects', { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i += 1) expect((await as('client-a')).status).toBe(200);
    const over = await as('client-a');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('more than 3 requests') },
    });
    expect((await as('client-b')).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
  });
});
