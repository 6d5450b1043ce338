import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from '../fake-provider.test-helper.js';
import { createAppStoreModule } from './index.js';

const ISSUER = '57246542-96fe-1a63-e053-0824d011072a';
const KEY_ID = '2X9R4HXF34';
const REVIEWS = '/v1/apps/1234567/customerReviews';

let publicKey: CryptoKey;
let privateKey: string;
let otherPrivateKey: string;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  publicKey = pair.publicKey;
  privateKey = await exportPKCS8(pair.privateKey);
  otherPrivateKey = await exportPKCS8(
    (await generateKeyPair('ES256', { extractable: true })).privateKey,
  );
});

let server: FakeProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const review = (id: string, createdDate: string, rating = 1) => ({
  type: 'customerReviews',
  id,
  attributes: {
    rating,
    title: `Title ${id}`,
    body: `The app crashes when I open review ${id}.`,
    reviewerNickname: `user${id}`,
    createdDate,
    territory: 'USA',
  },
});

/** Checks the bearer token the way Apple documents it; undefined when it is acceptable. */
async function refusal(request: FakeRequest): Promise<FakeResponse | undefined> {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  try {
    const { payload, protectedHeader } = await jwtVerify(token ?? '', publicKey, {
      algorithms: ['ES256'],
      audience: 'appstoreconnect-v1',
      issuer: ISSUER,
    });
    const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
    if (protectedHeader.kid !== KEY_ID || lifetime <= 0 || lifetime > 20 * 60) throw new Error();
    if ((payload.exp ?? 0) * 1000 > Date.now() + 20 * 60_000) throw new Error();
    return undefined;
  } catch {
    return { status: 401, body: { errors: [{ status: '401', code: 'NOT_AUTHORIZED' }] } };
  }
}

/** A fake App Store Connect: reviews r3, r2 on page 1 and r1 on page 2 (links.next). */
function appStoreApi(overrides: (url: string) => FakeResponse | undefined = () => undefined) {
  return startFakeProvider(async (request) => {
    const override = overrides(request.url);
    if (override) return override;
    const refused = await refusal(request);
    if (refused) return refused;
    const url = new URL(request.url, 'http://x');
    if (url.pathname !== REVIEWS) return { status: 404, body: { errors: [{ status: '404' }] } };
    if (url.searchParams.get('sort') !== '-createdDate') return { status: 400, body: {} };
    const second = url.searchParams.has('cursor');
    const limit = Number(url.searchParams.get('limit'));
    const first = [
      review('r3', '2026-11-30T10:00:00-08:00'),
      review('r2', '2026-11-29T09:00:00-08:00', 4),
    ];
    return {
      body: {
        data: second ? [review('r1', '2026-11-28T08:00:00-08:00')] : first.slice(0, limit),
        links: {
          self: `${server?.url}${request.url}`,
          ...(second
            ? {}
            : { next: `${server?.url}${REVIEWS}?cursor=Mg.AAA&limit=200&sort=-createdDate` }),
        },
        meta: { paging: { total: 3, limit } },
      },
    };
  });
}

function source(key = privateKey, appId = '1234567') {
  const module = createAppStoreModule({ baseUrl: server?.url });
  return module.create({
    id: 'asc1',
    config: module.configSchema.parse({ appId }),
    credentials: module.credentialsSchema.parse({
      issuerId: ISSUER,
      keyId: KEY_ID,
      privateKey: key,
    }),
    fetch,
  });
}

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the App Store source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('App Store Connect polling', () => {
  it('signs its token as Apple asks, reads every page and maps each review', async () => {
    server = await appStoreApi();
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
    expect(server.requests[0]?.url).toBe(`${REVIEWS}?sort=-createdDate&limit=200`);
  });

  it('reads only what is new since the cursor and stops at the first older review', async () => {
    server = await appStoreApi();
    const second = await poll('2026-11-30T00:00:00Z');
    expect(second.reports.map((r) => r.sourceId)).toEqual(['r3']);
    expect(second.cursor).toBe('2026-11-30T10:00:00-08:00');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps what it read and the old cursor when rate limited (429 with Retry-After)', async () => {
    server = await appStoreApi((url) =>
      url.includes('cursor=')
        ? { status: 429, headers: { 'retry-after': '60' }, body: { errors: [] } }
        : undefined,
    );
    const result = await poll(null);
    expect(result).toMatchObject({ cursor: null, retryAfterMs: 60_000 });
    expect(result.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2']);
  });

  it('waits on a 503 with Retry-After and throws on a 5xx without one', async () => {
    server = await appStoreApi(() => ({
      status: 503,
      headers: { 'retry-after': '120' },
      body: '',
    }));
    expect(await poll('2026-11-01T00:00:00Z')).toEqual({
      reports: [],
      cursor: '2026-11-01T00:00:00Z',
      retryAfterMs: 120_000,
    });
    await server.close();
    server = await appStoreApi(() => ({ status: 500, body: 'oops' }));
    await expect(poll(null)).rejects.toThrow(/App Store Connect at .* answered 500/);
  });

  it('throws a clear error on a malformed body and stores nothing', async () => {
    server = await appStoreApi(() => ({ body: '{"data": [' }));
    await expect(poll(null)).rejects.toThrow(/not JSON/);
    await server.close();
    server = await appStoreApi(() => ({ body: { errors: [] } }));
    await expect(poll(null)).rejects.toThrow(/without a `data` array/);
  });

  it('refuses a next page on another host (the token would go there)', async () => {
    server = await appStoreApi((url) =>
      url.includes('limit=200') && !url.includes('cursor=')
        ? { body: { data: [], links: { next: 'https://evil.example/v1/x' } } }
        : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/another host/);
  });

  it('says what is wrong on a key Apple refuses (401), and never the key', async () => {
    server = await appStoreApi();
    await expect(poll(null, source(otherPrivateKey))).rejects.toThrow(
      /refused the token \(401\).*issuer id, the key id and the \.p8/,
    );
    const result = await source(otherPrivateKey).test();
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain('PRIVATE KEY');
  });
});

describe('App Store Connect test()', () => {
  it('makes one call and says plainly what is wrong: key, app id, network', async () => {
    server = await appStoreApi();
    expect(await source().test()).toEqual({
      ok: true,
      message: 'Connected to App Store Connect: app 1234567, 3 reviews.',
    });
    expect(server.requests).toHaveLength(1);
    expect((await source(privateKey, '999').test()).message).toMatch(/no app "999" \(404\)/);
    const broken = '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----';
    expect((await source(broken).test()).message).toMatch(/not the PEM text of a \.p8 key/);
    const url = server.url;
    await server.close();
    server = undefined;
    const module = createAppStoreModule({ baseUrl: url });
    const unreachable = module.create({
      id: 'asc1',
      config: module.configSchema.parse({ appId: '1234567' }),
      credentials: { issuerId: ISSUER, keyId: KEY_ID, privateKey },
      fetch,
    });
    expect((await unreachable.test()).message).toMatch(/cannot be reached/);
  });

  it('rejects credentials that are not a key before any call', () => {
    const module = createAppStoreModule();
    expect(() =>
      module.credentialsSchema.parse({ issuerId: ISSUER, keyId: KEY_ID, privateKey: 'hunter2' }),
    ).toThrow(/PEM text of the \.p8 file/);
  });
});
