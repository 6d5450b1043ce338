/** Bad input refused at the door: a clear 400 naming the field, 422 for a verified event without an id. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cartCrash, openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import type { SourceModule } from '../sources/types.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { createApp } from './app.js';
import { signBody, signedSource } from './signed-source.test-helper.js';

const TOKEN = 'test-token-not-secret';
const SECRET = 'fake-secret-for-tests';

describe.each(TEST_DATABASES)('bad input refused at the door, on $name', (kind) => {
  let harness: ServiceHarness;
  let dataDir: string;
  afterEach(async () => {
    await harness?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function open() {
    harness = await openHarness(kind, { work: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-door-'));
    const credentials = createCredentialStore(dataDir);
    const app = createApp({
      ...harness,
      registry: createSourceRegistry([signedSource as SourceModule<unknown, unknown>]),
      credentials,
      token: TOKEN,
    });
    const post = (url: string, body: BodyInit, contentType: string) =>
      app.request(url, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': contentType },
      });
    return { app, post, credentials };
  }

  it('refuses an unknown format and invalid UTF-8 with 400 naming the field, storing nothing', async () => {
    const { post } = await open();
    const plain = await post('/api/reports?format=pdf', cartCrash(), 'text/plain');
    expect(plain.status).toBe(400);
    expect((await plain.json()).error.message).toMatch(
      /^format: unknown format "pdf"; use one of auto, /,
    );
    const json = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: cartCrash(), format: 'pdf' }] }),
      'application/json',
    );
    expect(json.status).toBe(400);
    expect((await json.json()).error.message).toContain('reports.0.format: unknown format "pdf"');
    // "Café crashes" in Latin-1: é is the lone byte 0xE9.
    const latin1 = Uint8Array.from([
      ...Buffer.from('Caf'),
      0xe9,
      ...Buffer.from(' crashes on open\n'),
    ]);
    for (const type of ['text/plain', 'application/json']) {
      const refused = await post('/api/reports', latin1, type);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(
        /^encoding: the body is not valid UTF-8/,
      );
    }
    expect(await harness.store.reports.counts()).toEqual({});
    const fine = await post('/api/reports?format=auto', cartCrash(), 'text/plain');
    expect(fine.status).toBe(202);
  });

  it('answers a verified event without an id 422 saying so, and stores nothing', async () => {
    const { app, credentials } = await open();
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'signed-test',
      name: 'door',
      config: { label: 'x' },
      pollIntervalMs: null,
    });
    credentials.write(source.id, { secret: SECRET });
    const body = JSON.stringify({ text: cartCrash() });
    const response = await app.request(`/webhooks/${source.id}`, {
      method: 'POST',
      body,
      headers: { 'x-signature': signBody(body, SECRET) },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'EVENT_REJECTED', message: expect.stringContaining('The event has no id') },
    });
    expect(await harness.store.reports.counts()).toEqual({});
  });
});
