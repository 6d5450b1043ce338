/**
 * Source base URLs are set by the operator only: over the API (the console's "add a source") an
 * address-valued setting or secret (`baseUrl`, Play's `token_uri`) is refused unless it keeps the
 * provider's own address or names a host the operator allowed at start; a refused source makes no
 * connection, and an allowed source's secret goes to its own origin only.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createBuiltInRegistry } from '../sources/built-in.js';
import { createCredentialStore } from '../sources/credentials.js';
import { parseSourceHosts } from '../sources/source-addresses.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import {
  type FakeProvider,
  type FakeResponse,
  startFakeProvider,
} from '../testing/fake-provider.js';
import { createApp } from './app.js';

const TOKEN = 'test-token-not-secret';
const SENTRY_TOKEN = 'sntrys-fake-token-for-tests';
/** Keys of the kinds the providers issue, made for the run: an RSA one (Google) and a P-256 one (Apple). */
const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const RSA_PEM = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
const P256_PEM = pem(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey);

describe.each(TEST_DATABASES)(
  'addresses a source added over the API may call, on $name',
  (kind) => {
    let harness: ServiceHarness | undefined;
    const servers: FakeProvider[] = [];
    afterEach(async () => {
      await harness?.close();
      for (const server of servers.splice(0)) await server.close();
    });

    /** The app over a fresh harness; every URL its sources fetch is recorded. */
    async function open(sourceHosts?: string[]) {
      harness = await openHarness(kind);
      const fetched: string[] = [];
      const credentials = createCredentialStore(harness.repo.root);
      const app = createApp({
        ...harness,
        registry: createBuiltInRegistry(),
        credentials,
        token: TOKEN,
        fetch: (input, init) => {
          fetched.push(input instanceof Request ? input.url : String(input));
          return fetch(input, init);
        },
        ...(sourceHosts ? { sourceHosts: parseSourceHosts(sourceHosts) } : {}),
      });
      const call = (url: string, body?: unknown) =>
        app.request(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      return { call, fetched, credentials, store: harness.store };
    }

    async function server(
      answer: () => FakeResponse = () => ({ body: { id: '42', slug: 'shop' } }),
    ) {
      const started = await startFakeProvider(answer);
      servers.push(started);
      return started;
    }

    it('refuses every address-valued setting the operator did not allow: 400, nothing stored, no connection', async () => {
      const target = await server();
      const { call, fetched, store } = await open();
      const attempts = [
        {
          kind: 'sentry',
          settings: { organization: 'acme', project: 'shop', baseUrl: target.url },
          secrets: { authToken: SENTRY_TOKEN },
          field: 'settings.baseUrl',
        },
        {
          kind: 'github',
          settings: { owner: 'acme', repo: 'shop', baseUrl: `${target.url}/api/v3` },
          secrets: { token: 'ghp_fake' },
          field: 'settings.baseUrl',
        },
        {
          kind: 'app-store',
          settings: { appId: '1234567', baseUrl: target.url },
          secrets: { issuerId: 'i', keyId: 'k', privateKey: P256_PEM },
          field: 'settings.baseUrl',
        },
        {
          kind: 'google-play',
          settings: { packageName: 'com.acme.notes', baseUrl: target.url },
          secrets: { client_email: 'x@acme.iam', private_key: RSA_PEM },
          field: 'settings.baseUrl',
        },
        {
          kind: 'google-play',
          settings: { packageName: 'com.acme.notes' },
          secrets: {
            client_email: 'x@acme.iam',
            private_key: RSA_PEM,
            token_uri: `${target.url}/t`,
          },
          field: 'secrets.token_uri',
        },
      ];
      for (const [index, attempt] of attempts.entries()) {
        const { field, ...body } = attempt;
        const refused = await call('/api/sources', { ...body, name: `s${index}` });
        expect(refused.status, attempt.kind).toBe(400);
        const { message } = (await refused.json()).error;
        expect(message).toContain(`${field} (${new URL(target.url).host})`);
        expect(message).toContain('--source-hosts');
        expect(message).not.toContain(SENTRY_TOKEN);
      }
      expect(await store.sources.list()).toEqual([]);
      expect(target.requests).toEqual([]);
      expect(fetched).toEqual([]);
    }, 60_000);

    it("keeps the provider's own address: left out, or as a Google key file writes it", async () => {
      const { call, credentials } = await open();
      const sentry = await call('/api/sources', {
        kind: 'sentry',
        name: 'web',
        settings: { organization: 'acme', project: 'shop' },
        secrets: { authToken: SENTRY_TOKEN },
      });
      expect(sentry.status).toBe(201);
      expect((await sentry.json()).config.baseUrl).toBe('https://sentry.io');
      const play = await call('/api/sources', {
        kind: 'google-play',
        name: 'android',
        settings: { packageName: 'com.acme.notes' },
        secrets: {
          client_email: 'x@acme.iam',
          private_key: RSA_PEM,
          token_uri: 'https://oauth2.googleapis.com/token',
        },
      });
      expect(play.status).toBe(201);
      expect(credentials.read((await play.json()).id)).toMatchObject({
        token_uri: 'https://oauth2.googleapis.com/token',
      });
    });

    it('calls an allowed host, and sends the secret to that origin only, a redirect elsewhere included', async () => {
      const elsewhere = await server();
      const allowed = await server();
      const redirecting = await server(() => ({
        status: 307,
        headers: { location: `${elsewhere.url}/api/0/projects/acme/shop/` },
      }));
      const { call, fetched } = await open(
        [allowed.url, redirecting.url].map((url) => new URL(url).host),
      );
      const add = async (name: string, baseUrl: string) =>
        call('/api/sources', {
          kind: 'sentry',
          name,
          settings: { organization: 'acme', project: 'shop', baseUrl },
          secrets: { authToken: SENTRY_TOKEN },
        });
      const test = async (response: Response) =>
        (await call(`/api/sources/${(await response.json()).id}/test`)).json();
      // Same machine, another port: not what the operator allowed.
      expect((await add('other', elsewhere.url)).status).toBe(400);
      const added = await add('web', allowed.url);
      expect(added.status).toBe(201);
      expect(await test(added)).toMatchObject({ ok: true });
      expect(allowed.requests.map((request) => request.headers.authorization)).toEqual([
        `Bearer ${SENTRY_TOKEN}`,
      ]);
      // An allowed server that redirects to another origin: the request (and its token) stops there.
      const moved = await test(await add('moved', redirecting.url));
      expect(moved.ok).toBe(false);
      expect(moved.message).toContain(elsewhere.url);
      expect(redirecting.requests).toHaveLength(1);
      expect(elsewhere.requests).toEqual([]);
      expect(fetched.map((url) => new URL(url).origin)).toEqual([allowed.url, redirecting.url]);
    }, 60_000);
  },
);
