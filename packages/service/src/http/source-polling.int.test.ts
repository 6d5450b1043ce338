/**
 * A source added over the API keeps a polling interval only when it can poll with the secrets
 * given: GitHub and Sentry poll with their token, and with only a webhook secret they are shown
 * (and treated by the poller) as webhook-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createBuiltInRegistry } from '../sources/built-in.js';
import { createCredentialStore } from '../sources/credentials.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { createApp } from './app.js';

const TOKEN = 'test-token-not-secret';

describe.each(TEST_DATABASES)('polling of a source added over the API, on $name', (kind) => {
  let harness: ServiceHarness | undefined;
  afterEach(async () => {
    await harness?.close();
  });

  it('stores no interval for a GitHub or Sentry source without its polling token', async () => {
    harness = await openHarness(kind, { work: false });
    const app = createApp({
      ...harness,
      registry: createBuiltInRegistry(),
      credentials: createCredentialStore(harness.repo.root),
      token: TOKEN,
    });
    const add = async (body: unknown) => {
      const response = await app.request('/api/sources', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()).pollIntervalMs;
    };
    const github = { kind: 'github', settings: { owner: 'acme', repo: 'shop' } };
    expect(await add({ ...github, name: 'hooks', secrets: { webhookSecret: 'w' } })).toBeNull();
    expect(await add({ ...github, name: 'polled', secrets: { token: 'ghp_fake' } })).toBe(60_000);
    const sentry = { kind: 'sentry', settings: { organization: 'acme', project: 'shop' } };
    expect(
      await add({ ...sentry, name: 'sentry-hooks', secrets: { clientSecret: 'c' } }),
    ).toBeNull();
  });
});
