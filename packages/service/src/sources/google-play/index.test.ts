import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from '../fake-provider.test-helper.js';
import { createGooglePlayModule } from './index.js';

const EMAIL = 'triage@acme-play.iam.gserviceaccount.com';
const ACCESS_TOKEN = 'ya29.fake-access-token';
const REVIEWS = '/androidpublisher/v3/applications/com.acme.notes/reviews';

let publicKey: CryptoKey;
let privateKey: string;
let otherPrivateKey: string;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  publicKey = pair.publicKey;
  privateKey = await exportPKCS8(pair.privateKey);
  otherPrivateKey = await exportPKCS8(
    (await generateKeyPair('RS256', { extractable: true })).privateKey,
  );
});

let server: FakeProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const review = (id: string, seconds: number, text: string, starRating = 1) => ({
  reviewId: id,
  authorName: `Author ${id}`,
  comments: [
    {
      userComment: {
        text,
        lastModified: { seconds: String(seconds), nanos: 0 },
        starRating,
        reviewerLanguage: 'en',
        device: 'a52q',
        androidOsVersion: 34,
        appVersionCode: 4021,
        appVersionName: '4.2.1',
        deviceMetadata: { productName: 'Galaxy A52', manufacturer: 'Samsung' },
      },
    },
    { developerComment: { text: 'Thanks!', lastModified: { seconds: String(seconds + 60) } } },
  ],
});
// 2026-11-30T10:00:00Z, 2026-11-29T10:00:00Z, 2026-11-28T10:00:00Z
const [T3, T2, T1] = [1_796_032_800, 1_795_946_400, 1_795_860_000];

/** Google's token endpoint: a JWT bearer grant signed by the service account's key. */
async function tokenAnswer(request: FakeRequest): Promise<FakeResponse> {
  const form = new URLSearchParams(request.body);
  try {
    const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
      algorithms: ['RS256'],
      audience: 'https://oauth2.googleapis.com/token',
      issuer: EMAIL,
    });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error();
    if (payload.scope !== 'https://www.googleapis.com/auth/androidpublisher') throw new Error();
  } catch {
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    };
  }
  return { body: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
}

/** A fake Google: r3 and r2 on page 1, r1 on page 2 (tokenPagination). */
function googleApi(
  overrides: (request: FakeRequest) => FakeResponse | undefined = () => undefined,
) {
  return startFakeProvider(async (request) => {
    const override = overrides(request);
    if (override) return override;
    if (request.method === 'POST' && request.url === '/token') return tokenAnswer(request);
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    }
    const url = new URL(request.url, 'http://x');
    if (url.pathname !== REVIEWS) return { status: 404, body: { error: { code: 404 } } };
    if (url.searchParams.get('maxResults') === '1') return { body: {} };
    return url.searchParams.get('token') === 'page2'
      ? { body: { reviews: [review('r1', T1, 'Love it, please add dark mode', 5)] } }
      : {
          body: {
            reviews: [
              review('r3', T3, 'Crash on launch\tSince 4.2.1 the app closes when I open a note.'),
              review('r2', T2, '\tSync never finishes'),
            ],
            tokenPagination: { nextPageToken: 'page2' },
          },
        };
  });
}

function source(key = privateKey, packageName = 'com.acme.notes') {
  const module = createGooglePlayModule({ baseUrl: server?.url });
  return module.create({
    id: 'gp1',
    config: module.configSchema.parse({ packageName }),
    credentials: module.credentialsSchema.parse({
      type: 'service_account',
      client_email: EMAIL,
      private_key: key,
      private_key_id: 'abc123',
      token_uri: `${server?.url}/token`,
    }),
    fetch,
  });
}

const poll = (cursor: string | null, s = source()) =>
  // biome-ignore lint/style/noNonNullAssertion: the Google Play source polls
  s.poll!({ cursor, signal: AbortSignal.timeout(10_000) });

describe('Google Play polling', () => {
  it('gets a token from the key file’s token_uri, reads every page and maps each review', async () => {
    server = await googleApi();
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
    expect(first.reports[1]?.payload).toMatchObject({
      json: { title: '', text: 'Sync never finishes' },
    });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /token',
      `GET ${REVIEWS}?maxResults=100`,
      `GET ${REVIEWS}?maxResults=100&token=page2`,
    ]);
  });

  it('keeps only reviews changed since the cursor', async () => {
    server = await googleApi();
    const next = await poll('2026-11-29T12:00:00.000Z');
    expect(next.reports.map((r) => r.sourceId)).toEqual(['r3']);
    expect(next.cursor).toBe('2026-11-30T10:00:00.000Z');
  });

  it('keeps what it read and the old cursor when rate limited (429), and waits on a 503', async () => {
    server = await googleApi((request) =>
      request.url.includes('token=page2')
        ? { status: 429, headers: { 'retry-after': '30' }, body: { error: { code: 429 } } }
        : undefined,
    );
    const limited = await poll(null);
    expect(limited).toMatchObject({ cursor: null, retryAfterMs: 30_000 });
    expect(limited.reports.map((r) => r.sourceId)).toEqual(['r3', 'r2']);
    await server.close();
    server = await googleApi((request) =>
      request.method === 'GET'
        ? { status: 503, headers: { 'retry-after': '90' }, body: 'unavailable' }
        : undefined,
    );
    expect(await poll('c')).toEqual({ reports: [], cursor: 'c', retryAfterMs: 90_000 });
  });

  it('throws on a 5xx without Retry-After and on a malformed body', async () => {
    server = await googleApi((request) =>
      request.method === 'GET' ? { status: 500, body: 'internal' } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/Google Play at .* answered 500/);
    await server.close();
    server = await googleApi((request) =>
      request.method === 'GET' ? { body: '{"reviews": [' } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/not JSON/);
    await server.close();
    server = await googleApi((request) =>
      request.method === 'GET' ? { body: { reviews: 'none' } } : undefined,
    );
    await expect(poll(null)).rejects.toThrow(/not a JSON object with `reviews`/);
  });

  it('says what is wrong with a key Google refuses, and calls no API with it', async () => {
    server = await googleApi();
    await expect(poll(null, source(otherPrivateKey))).rejects.toThrow(
      /Google refused the service account key \(400: invalid_grant: Invalid JWT Signature\.\)/,
    );
    expect(server.requests.filter((r) => r.method === 'GET')).toEqual([]);
  });
});

describe('Google Play test()', () => {
  it('makes one call and says plainly what is wrong: key, package, network', async () => {
    server = await googleApi();
    expect(await source().test()).toEqual({
      ok: true,
      message: 'Connected to Google Play: reviews of com.acme.notes.',
    });
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect((await source(privateKey, 'com.acme.other').test()).message).toMatch(
      /no app "com\.acme\.other" \(404\)/,
    );
    const refused = await source(otherPrivateKey).test();
    expect(refused.ok).toBe(false);
    expect(refused.message).not.toContain('PRIVATE KEY');
    const broken = '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----';
    expect((await source(broken).test()).message).toMatch(/private key cannot be read/);
    const url = server.url;
    await server.close();
    server = undefined;
    const module = createGooglePlayModule({ baseUrl: url });
    const unreachable = module.create({
      id: 'gp1',
      config: module.configSchema.parse({ packageName: 'com.acme.notes' }),
      credentials: { client_email: EMAIL, private_key: privateKey, token_uri: `${url}/token` },
      fetch,
    });
    expect((await unreachable.test()).message).toMatch(/cannot be reached/);
  });
});
