/** Never shed what was sent: webhooks are never rate-limited; API clients are limited one by one. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import type { SourceModule } from '../sources/types.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { createApp } from './app.js';
import { signBody, signedSource } from './signed-source.test-helper.js';

const SECRET = 'fake-secret-for-tests';

describe.each(TEST_DATABASES)('never shed what was sent, on $name', (kind) => {
  let harness: ServiceHarness;
  let dataDir: string;
  afterEach(async () => {
    await harness?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(tokens: string[], perMinute: number) {
    // No worker: the burst is about storing, which is what a 2xx promises.
    harness = await openHarness(kind, { work: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-shed-'));
    const credentials = createCredentialStore(dataDir);
    const app = createApp({
      ...harness,
      registry: createSourceRegistry([signedSource as SourceModule<unknown, unknown>]),
      credentials,
      token: tokens,
      limits: { perMinute },
    });
    return { app, credentials };
  }

  it('stores a burst of 2,000 signed deliveries in full, past any API rate limit', async () => {
    const { app, credentials } = await open(['client-a'], 10);
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'signed-test',
      name: 'burst',
      config: { label: 'x' },
      pollIntervalMs: null,
    });
    credentials.write(source.id, { secret: SECRET });
    const statuses = await Promise.all(
      Array.from({ length: 2_000 }, async (_, index) => {
        const body = JSON.stringify({ id: `evt-${index}`, text: `Checkout fails, case ${index}` });
        const response = await app.request(`/webhooks/${source.id}`, {
          method: 'POST',
          body,
          headers: { 'x-signature': signBody(body, SECRET) },
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
    const counts = await harness.store.reports.counts();
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(2_000);
  }, 120_000);

  it('answers a client over its limit 429 with JSON and Retry-After while another is served', async () => {
    const { app } = await open(['client-a', 'client-b'], 3);
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
