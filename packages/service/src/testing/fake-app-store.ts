/**
 * A fake App Store Connect on 127.0.0.1 for tests: it checks each bearer token the way Apple
 * documents (ES256 signature by the team key, `kid`, `iss`, `aud` `appstoreconnect-v1`, `exp` at
 * most 20 minutes ahead) and answers 401 otherwise; it serves the customer reviews of app
 * `1234567` newest first on two JSON:API pages (r3, r2, then r1 via `links.next`).
 */
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { type FakeProvider, type FakeResponse, startFakeProvider } from './fake-provider.js';

/** The fake's app id. */
export const FAKE_APP_STORE_APP_ID = '1234567';

/** A running fake App Store Connect and the keys it knows. */
export interface FakeAppStore extends FakeProvider {
  /** Credentials the fake accepts (a fresh key pair per fake). */
  credentials: { issuerId: string; keyId: string; privateKey: string };
  /** A well-formed key the fake does not know (its tokens get 401). */
  unknownPrivateKey: string;
}

/** One review resource. */
export function fakeCustomerReview(id: string, createdDate: string, rating = 1) {
  return {
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
  };
}

/**
 * Starts the fake.
 * @param override - answers a request (path with query) instead of the fake, when it returns one.
 */
export async function startFakeAppStore(
  override: (url: string) => FakeResponse | undefined = () => undefined,
): Promise<FakeAppStore> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const unknown = await generateKeyPair('ES256', { extractable: true });
  const credentials = {
    issuerId: '57246542-96fe-1a63-e053-0824d011072a',
    keyId: '2X9R4HXF34',
    privateKey: await exportPKCS8(pair.privateKey),
  };
  const reviews = `/v1/apps/${FAKE_APP_STORE_APP_ID}/customerReviews`;
  async function refusal(authorization: string | undefined): Promise<FakeResponse | undefined> {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
    try {
      const { payload, protectedHeader } = await jwtVerify(token, pair.publicKey, {
        algorithms: ['ES256'],
        audience: 'appstoreconnect-v1',
        issuer: credentials.issuerId,
      });
      const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
      const tooLong = (payload.exp ?? 0) * 1000 > Date.now() + 20 * 60_000;
      if (protectedHeader.kid === credentials.keyId && lifetime > 0 && lifetime <= 1200 && !tooLong)
        return undefined;
    } catch {}
    return { status: 401, body: { errors: [{ status: '401', code: 'NOT_AUTHORIZED' }] } };
  }
  const server = await startFakeProvider(async (request) => {
    const answer = override(request.url);
    if (answer) return answer;
    const refused = await refusal(request.headers.authorization);
    if (refused) return refused;
    const url = new URL(request.url, 'http://x');
    if (url.pathname !== reviews) return { status: 404, body: { errors: [{ status: '404' }] } };
    if (url.searchParams.get('sort') !== '-createdDate') return { status: 400, body: {} };
    const second = url.searchParams.has('cursor');
    const limit = Number(url.searchParams.get('limit'));
    const first = [
      fakeCustomerReview('r3', '2026-11-30T10:00:00-08:00'),
      fakeCustomerReview('r2', '2026-11-29T09:00:00-08:00', 4),
    ];
    const next = `${server.url}${reviews}?cursor=Mg.AAA&limit=200&sort=-createdDate`;
    return {
      body: {
        data: second
          ? [fakeCustomerReview('r1', '2026-11-28T08:00:00-08:00')]
          : first.slice(0, limit),
        links: { self: `${server.url}${request.url}`, ...(second ? {} : { next }) },
        meta: { paging: { total: 3, limit } },
      },
    };
  });
  return Object.assign(server, {
    credentials,
    unknownPrivateKey: await exportPKCS8(unknown.privateKey),
  });
}
