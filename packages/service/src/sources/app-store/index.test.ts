import { generateKeyPairSync } from 'node:crypto';
import { parseReports } from '@sightline/intake';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAppStore, startFakeAppStore } from '../../testing/fake-app-store.js';
import type { FakeResponse } from '../../testing/fake-provider.js';
import { appStoreSource } from './index.js';

const REVIEWS = '/v1/apps/1234567/customerReviews';

let server: FakeAppStore | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(override?: (url: string) => FakeResponse | undefined) {
  server = await startFakeAppStore(override);
  return server;
}

function source(privateKey?: string, appId = '1234567', fake = server) {
  const module = appStoreSource;
  return module.create({
    id: 'asc1',
    config: module.configSchema.parse({ appId, ...(fake ? { baseUrl: fake.url } : {}) }),
    credentials: module.credentialsSchema.parse({
      ...fake?.credentials,
      ...(privateKey ? { privateKey } : {}),
    }),
    fetch,
  });
}

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the App Store source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('App Store Connect polling', () => {
  it('signs its token as Apple asks, reads every page and maps each review', async () => {
    const fake = await start();
    const first = await poll(null);
    expect(first.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2', 'r1']);
    expect(first.cursor).toBe('2026-11-30T10:00:00-08:00');
    expect(first.reports[1]).toEqual({
      sourceKind: 'app-store',
      sourceId: 'r2',
      receivedAt: '2026-11-29T17:00:00.000Z',
      format: 'reviews',
      payload: {
        json: {
          id: 'r2',
          rating: 4,
          title: 'Title r2',
          body: 'The app crashes when I open review r2.',
          date: '2026-11-29T09:00:00-08:00',
          territory: 'USA',
        },
      },
      meta: { appId: '1234567', rating: 4, territory: 'USA', author: 'userr2' },
    });
    expect(fake.requests[0]?.url).toBe(`${REVIEWS}?sort=-createdDate&limit=200`);
    const payload = first.reports[1]?.payload as { json: object } | undefined;
    expect(parseReports(payload?.json ?? {}, { format: 'reviews' })).toMatchObject([
      { kind: 'review', rating: 4, title: 'Title r2', locale: 'USA' },
    ]);
  });

  it('reads only what is new since the cursor and stops at the first older review', async () => {
    const fake = await start();
    const second = await poll('2026-11-30T00:00:00Z');
    expect(second.reports.map((r) => r.sourceId)).toEqual(['r3']);
    expect(second.cursor).toBe('2026-11-30T10:00:00-08:00');
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps what it read and the old cursor when rate limited (429 with Retry-After)', async () => {
    await start((url) =>
      url.includes('cursor=')
        ? { status: 429, headers: { 'retry-after': '60' }, body: { errors: [] } }
        : undefined,
    );
    const result = await poll(null);
    expect(result).toMatchObject({ cursor: null, retryAfterMs: 60_000 });
    expect(result.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2']);
  });

  it('waits on a 503 with Retry-After and throws on a 5xx without one', async () => {
    await start(() => ({ status: 503, headers: { 'retry-after': '120' }, body: '' }));
    expect(await poll('2026-11-01T00:00:00Z')).toEqual({
      reports: [],
      cursor: '2026-11-01T00:00:00Z',
      retryAfterMs: 120_000,
    });
    await server?.close();
    await start(() => ({ status: 500, body: 'oops' }));
    await expect(poll(null)).rejects.toThrow(/App Store Connect at .* answered 500/);
  });

  it('throws a clear error on a malformed body', async () => {
    await start(() => ({ body: '{"data": [' }));
    await expect(poll(null)).rejects.toThrow(/not JSON/);
    await server?.close();
    await start(() => ({ body: { errors: [] } }));
    await expect(poll(null)).rejects.toThrow(/without a `data` array/);
  });

  it('refuses a next page on another host (the token would go there)', async () => {
    await start((url) =>
      url.includes('limit=200') && !url.includes('cursor=')
        ? { body: { data: [], links: { next: 'https://evil.example/v1/x' } } }
        : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/another host/);
  });

  it('says what is wrong on a key Apple refuses (401), and never the key', async () => {
    const fake = await start();
    await expect(poll(null, source(fake.unknownPrivateKey))).rejects.toThrow(
      /refused the token \(401\).*issuer id, the key id and the \.p8/,
    );
    const result = await source(fake.unknownPrivateKey).test();
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain('PRIVATE KEY');
  });
});

describe('App Store Connect test()', () => {
  it('makes one call and says plainly what is wrong: key, app id, network', async () => {
    const fake = await start();
    expect(await source().test()).toEqual({
      ok: true,
      message: 'Connected to App Store Connect: app 1234567, 3 reviews.',
    });
    expect(fake.requests).toHaveLength(1);
    expect((await source(undefined, '999').test()).message).toMatch(/no app "999" \(404\)/);
    await fake.close();
    server = undefined;
    expect((await source(undefined, '1234567', fake).test()).message).toMatch(/cannot be reached/);
  });

  it('rejects credentials that are not an App Store key when they are given, before any call', () => {
    const module = appStoreSource;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey;
    for (const privateKey of [
      'hunter2',
      '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
      rsa.export({ type: 'pkcs8', format: 'pem' }).toString(),
      p384.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ]) {
      const parsed = module.credentialsSchema.safeParse({ issuerId: 'i', keyId: 'k', privateKey });
      expect(parsed.error?.issues[0]?.message).toMatch(/PEM text of the \.p8 file/);
      expect(JSON.stringify(parsed.error?.issues)).not.toContain(privateKey);
    }
  });
});
