import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { appStoreSource } from '../sources/app-store/index.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { type FakeAppStore, startFakeAppStore } from '../testing/fake-app-store.js';
import { startPoller } from './poller.js';

describe.each(TEST_DATABASES)('poller on $name', (kind) => {
  let harness: ServiceHarness | undefined;
  let fake: FakeAppStore | undefined;
  let dataDir = '';
  afterEach(async () => {
    await harness?.close();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function setUp(credentials: (fake: FakeAppStore) => unknown) {
    harness = await openHarness(kind, { work: false });
    fake = await startFakeAppStore();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-poller-'));
    const store = createCredentialStore(dataDir);
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'app-store',
      name: 'ios',
      config: { appId: '1234567', baseUrl: fake.url },
      pollIntervalMs: 60_000,
    });
    store.write(source.id, credentials(fake));
    const poller = startPoller({
      store: harness.store,
      pipeline: harness.pipeline,
      registry: createSourceRegistry([appStoreSource]),
      credentials: store,
      tickMs: 3_600_000,
    });
    await poller.tick();
    await poller.stop();
    return harness.store.sources.get(source.id);
  }

  it('stores every review an App Store source serves and keeps its cursor', async () => {
    const source = await setUp((f) => f.credentials);
    expect(source).toMatchObject({ lastError: null, reportCount: 3, pollCount: 1 });
    expect(source.cursor).toBe('2026-11-30T10:00:00-08:00');
    expect(await harness?.store.reports.counts()).toEqual({ received: 3 });
  });

  it('makes a bad stored credential a clear error on that source, storing nothing', async () => {
    const source = await setUp((f) => ({ ...f.credentials, privateKey: undefined }));
    expect(source.lastError).toBe(
      'Source "ios" (app-store): its stored credentials are not valid (privateKey: Invalid input: expected string, received undefined). Store it again with `sightline sources add app-store --name ios`.',
    );
    expect(source.consecutiveFailures).toBe(1);
    expect(await harness?.store.reports.counts()).toEqual({});
    expect(fake?.requests).toEqual([]);
  });

  it('records a key the provider refuses (401) on the source, storing nothing', async () => {
    const source = await setUp((f) => ({ ...f.credentials, privateKey: f.unknownPrivateKey }));
    expect(source.lastError).toMatch(/refused the token \(401\)/);
    expect(source.lastError).not.toContain('PRIVATE KEY');
    expect(await harness?.store.reports.counts()).toEqual({});
  });

  it('stops quietly when the source is removed while it is polled', async () => {
    harness = await openHarness(kind, { work: false });
    fake = await startFakeAppStore();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-poller-'));
    const credentials = createCredentialStore(dataDir);
    const { store } = harness;
    const source = await store.sources.create({
      projectId: harness.project.id,
      kind: 'app-store',
      name: 'ios',
      config: { appId: '1234567', baseUrl: fake.url },
      pollIntervalMs: 60_000,
    });
    credentials.write(source.id, fake.credentials);
    const logged: string[] = [];
    const poller = startPoller({
      store,
      pipeline: harness.pipeline,
      registry: createSourceRegistry([appStoreSource]),
      credentials,
      // The operator removes the source while its poll is talking to the provider.
      fetch: async (input, init) => {
        if ((await store.sources.list()).length > 0) await store.sources.remove(source.id);
        return fetch(input, init);
      },
      tickMs: 3_600_000,
      log: (line) => logged.push(line),
    });
    await expect(poller.tick()).resolves.toBeUndefined();
    await poller.stop();
    expect(logged).toEqual([]);
    expect(await store.sources.list()).toEqual([]);
  });
});
