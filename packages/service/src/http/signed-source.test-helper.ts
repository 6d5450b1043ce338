/** A test source whose webhooks are signed with HMAC-SHA256 of the raw body, hex, in `x-signature`. */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import type { SourceModule } from '../sources/types.js';
import type { TestDatabaseKind } from '../store/test-databases.test-helper.js';
import { type AppOptions, createApp } from './app.js';

/** Signs `body` as {@link signedSource} expects. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The source: each delivery `{ id, text }` is one report with the event's id. */
export const signedSource: SourceModule<{ label: string }, { secret: string }> = {
  kind: 'signed-test',
  description: 'test source',
  configSchema: z.object({ label: z.string() }),
  credentialsSchema: z.object({ secret: z.string() }),
  create: ({ credentials }) => ({
    async webhook({ headers, body }) {
      if (
        headers['x-signature'] !== signBody(Buffer.from(body).toString('utf8'), credentials.secret)
      )
        return { verified: false, reports: [] };
      const event = JSON.parse(Buffer.from(body).toString('utf8')) as { id: string; text: string };
      return {
        verified: true,
        reports: [
          {
            sourceKind: 'signed-test',
            sourceId: event.id,
            receivedAt: '2026-03-01T00:00:00.000Z',
            format: 'auto',
            payload: { text: event.text },
          },
        ],
      };
    },
    test: async () => ({ ok: true, message: 'fine' }),
  }),
};

/** An app over a fresh harness (no worker) with {@link signedSource} registered. */
export interface SignedApp {
  harness: ServiceHarness;
  app: ReturnType<typeof createApp>;
  /** Stores a signed-test source with {@link SIGNED_SECRET}; returns its id. */
  addSource(name: string): Promise<string>;
  /** POSTs `body` to the source's webhook, signed. */
  deliver(sourceId: string, body: string): Promise<Response>;
  close(): Promise<void>;
}

/** The secret of the sources {@link openSignedApp} adds. */
export const SIGNED_SECRET = 'fake-secret-for-tests';

/** Opens a {@link SignedApp} on `kind` with the app options given (token, limits). */
export async function openSignedApp(
  kind: TestDatabaseKind,
  options: Pick<AppOptions, 'token' | 'limits'>,
): Promise<SignedApp> {
  const harness = await openHarness(kind, { work: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-signed-'));
  const credentials = createCredentialStore(dataDir);
  const app = createApp({
    ...harness,
    ...options,
    registry: createSourceRegistry([signedSource as SourceModule<unknown, unknown>]),
    credentials,
  });
  return {
    harness,
    app,
    async addSource(name) {
      const source = await harness.store.sources.create({
        projectId: harness.project.id,
        kind: 'signed-test',
        name,
        config: { label: 'x' },
        pollIntervalMs: null,
      });
      credentials.write(source.id, { secret: SIGNED_SECRET });
      return source.id;
    },
    deliver: async (sourceId, body) =>
      app.request(`/webhooks/${sourceId}`, {
        method: 'POST',
        body,
        headers: { 'x-signature': signBody(body, SIGNED_SECRET) },
      }),
    async close() {
      await harness.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
