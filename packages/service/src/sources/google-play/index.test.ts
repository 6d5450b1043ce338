import { generateKeyPairSync } from 'node:crypto';
import { parseReports } from '@sightline/intake';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeGooglePlay, startFakeGooglePlay } from '../../testing/fake-google-play.js';
import type { FakeRequest, FakeResponse } from '../../testing/fake-provider.js';
import { googlePlaySource } from './index.js';

const REVIEWS = '/androidpublisher/v3/applications/com.acme.notes/reviews';

let server: FakeGooglePlay | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(override?: (request: FakeRequest) => FakeResponse | undefined) {
  server = await startFakeGooglePlay(override);
  return server;
}

function source(privateKey?: string, packageName = 'com.acme.notes', fake = server) {
  const module = googlePlaySource;
  return module.create({
    id: 'gp1',
    config: module.configSchema.parse({ packageName, ...(fake ? { baseUrl: fake.url } : {}) }),
    credentials: module.credentialsSchema.parse({
      ...fake?.serviceAccount,
      ...(privateKey ? { private_key: privateKey } : {}),
    }),
    fetch,
  });
}

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the Google Play source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('Google Play polling', () => {
  it('gets a token from the key file’s token_uri, reads every page and maps each review', async () => {
    const fake = await start();
    const first = await poll(null);
    expect(first.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2', 'r1']);
    expect(first.cursor).toBe('2026-11-30T10:00:00.000Z');
    expect(first.reports[0]).toEqual({
      sourceKind: 'google-play',
      sourceId: 'r3',
      receivedAt: '2026-11-30T10:00:00.000Z',
      format: 'reviews',
      payload: {
        json: {
          id: 'r3',
          rating: 1,
          title: 'Crash on launch',
          text: 'Since 4.2.1 the app closes when I open a note.',
          date: '2026-11-30T10:00:00.000Z',
          appVersion: '4.2.1',
          language: 'en',
          device: 'Samsung Galaxy A52',
          androidOsVersion: 34,
        },
      },
      meta: {
        packageName: 'com.acme.notes',
        rating: 1,
        appVersion: '4.2.1',
        appVersionCode: 4021,
        device: 'Samsung Galaxy A52',
        author: 'Author r3',
      },
    });
    const payload = first.reports[0]?.payload as { json: object } | undefined;
    expect(parseReports(payload?.json ?? {}, { format: 'reviews' })).toMatchObject([
      { kind: 'review', rating: 1, title: 'Crash on launch', appVersion: '4.2.1', locale: 'en' },
    ]);
    expect(first.reports[1]?.payload).toMatchObject({
      json: { title: '', text: 'Sync never finishes' },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /token',
      `GET ${REVIEWS}?maxResults=100`,
      `GET ${REVIEWS}?maxResults=100&token=page2`,
    ]);
  });

  it('keeps only reviews changed since the cursor', async () => {
    await start();
    const next = await poll('2026-11-29T12:00:00.000Z');
    expect(next.reports.map((r) => r.sourceId)).toEqual(['r3']);
    expect(next.cursor).toBe('2026-11-30T10:00:00.000Z');
  });

  it('keeps what it read and the old cursor when rate limited (429), and waits on a 503', async () => {
    await start((request) =>
      request.url.includes('token=page2')
        ? { status: 429, headers: { 'retry-after': '30' }, body: { error: { code: 429 } } }
        : undefined,
    );
    const limited = await poll(null);
    expect(limited).toMatchObject({ cursor: null, retryAfterMs: 30_000 });
    expect(limited.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2']);
    await server?.close();
    await start((request) =>
      request.method === 'GET'
        ? { status: 503, headers: { 'retry-after': '90' }, body: 'unavailable' }
        : undefined,
    );
    expect(await poll('c')).toEqual({ reports: [], cursor: 'c', retryAfterMs: 90_000 });
  });

  it('throws on a 5xx without Retry-After and on a malformed body', async () => {
    const answering = (response: FakeResponse) => (request: FakeRequest) =>
      request.method === 'GET' ? response : undefined;
    await start(answering({ status: 500, body: 'internal' }));
    await expect(poll(null)).rejects.toThrow(/Google Play at .* answered 500/);
    await server?.close();
    await start(answering({ body: '{"reviews": [' }));
    await expect(poll(null)).rejects.toThrow(/not JSON/);
    await server?.close();
    await start(answering({ body: { reviews: 'none' } }));
    await expect(poll(null)).rejects.toThrow(/not a JSON object with `reviews`/);
  });

  it('says what is wrong with a key Google refuses, and calls no API with it', async () => {
    const fake = await start();
    await expect(poll(null, source(fake.unknownPrivateKey))).rejects.toThrow(
      /Google refused the service account key \(400: invalid_grant: Invalid JWT Signature\.\)/,
    );
    expect(fake.requests.filter((r) => r.method === 'GET')).toEqual([]);
  });
});

describe('Google Play test()', () => {
  it('makes one call and says plainly what is wrong: key, package, network', async () => {
    const fake = await start();
    expect(await source().test()).toEqual({
      ok: true,
      message: 'Connected to Google Play: reviews of com.acme.notes.',
    });
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect((await source(undefined, 'com.acme.other').test()).message).toMatch(
      /no app "com\.acme\.other" \(404\)/,
    );
    const refused = await source(fake.unknownPrivateKey).test();
    expect(refused.ok).toBe(false);
    expect(refused.message).not.toContain('PRIVATE KEY');
    // A file that is no RSA key is refused when the source is added, before any call.
    const broken = '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----';
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    for (const privateKey of [broken, p256.export({ type: 'pkcs8', format: 'pem' }).toString()]) {
      const parsed = googlePlaySource.credentialsSchema.safeParse({
        client_email: 'x@acme.iam',
        private_key: privateKey,
      });
      expect(parsed.error?.issues[0]?.message).toMatch(/JSON key file .* an RSA key/);
    }
    await fake.close();
    server = undefined;
    expect((await source(undefined, 'com.acme.notes', fake).test()).message).toMatch(
      /cannot be reached/,
    );
  });
});
