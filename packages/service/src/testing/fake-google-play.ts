/**
 * A fake Google on 127.0.0.1 for tests: a token endpoint (`POST /token`) that checks the JWT bearer
 * grant (RS256 by the service account key, `iss` its e-mail, `aud` Google's token URL, scope
 * androidpublisher) and answers 400 `invalid_grant` otherwise, and the reviews of app
 * `com.acme.notes` on two pages (r3, r2, then r1 via `tokenPagination`) for its access token only.
 */
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import {
  type FakeProvider,
  type FakeRequest,
  type FakeResponse,
  startFakeProvider,
} from './fake-provider.js';

/** The fake's package name. */
export const FAKE_PLAY_PACKAGE = 'com.acme.notes';

/** A running fake Google and the service account key it knows. */
export interface FakeGooglePlay extends FakeProvider {
  /** A service account JSON key whose `token_uri` is the fake's token endpoint. */
  serviceAccount: {
    type: 'service_account';
    client_email: string;
    private_key: string;
    private_key_id: string;
    token_uri: string;
  };
  /** A well-formed key the fake does not know (its grants get 400). */
  unknownPrivateKey: string;
}

const ACCESS_TOKEN = 'ya29.fake-access-token';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: Promise<[KeyPair, KeyPair]> | undefined;

/** One review resource; `seconds` is its last change, epoch seconds. */
export function fakePlayReview(id: string, seconds: number, text: string, starRating = 1) {
  return {
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
  };
}

/** 2026-11-30T10:00:00Z, 2026-11-29T10:00:00Z and 2026-11-28T10:00:00Z, epoch seconds. */
export const FAKE_PLAY_TIMES = [1_796_032_800, 1_795_946_400, 1_795_860_000] as const;

/**
 * Starts the fake.
 * @param override - answers a request instead of the fake, when it returns one.
 */
export async function startFakeGooglePlay(
  override: (request: FakeRequest) => FakeResponse | undefined = () => undefined,
): Promise<FakeGooglePlay> {
  // RSA key generation takes a while: one pair of keys serves every fake of a test run.
  keys ??= Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('RS256', { extractable: true }),
  ]);
  const [pair, unknown] = await keys;
  const email = 'triage@acme-play.iam.gserviceaccount.com';
  const reviews = `/androidpublisher/v3/applications/${FAKE_PLAY_PACKAGE}/reviews`;
  async function tokenAnswer(request: FakeRequest): Promise<FakeResponse> {
    const form = new URLSearchParams(request.body);
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', pair.publicKey, {
        algorithms: ['RS256'],
        audience: 'https://oauth2.googleapis.com/token',
        issuer: email,
      });
      if (
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        payload.scope === 'https://www.googleapis.com/auth/androidpublisher'
      )
        return { body: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
    } catch {}
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    };
  }
  const [t3, t2, t1] = FAKE_PLAY_TIMES;
  const server = await startFakeProvider(async (request) => {
    const answer = override(request);
    if (answer) return answer;
    if (request.method === 'POST' && request.url === '/token') return tokenAnswer(request);
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    }
    const url = new URL(request.url, 'http://x');
    if (url.pathname !== reviews) return { status: 404, body: { error: { code: 404 } } };
    if (url.searchParams.get('maxResults') === '1') return { body: {} };
    return url.searchParams.get('token') === 'page2'
      ? { body: { reviews: [fakePlayReview('r1', t1, 'Love it, please add dark mode', 5)] } }
      : {
          body: {
            reviews: [
              fakePlayReview(
                'r3',
                t3,
                'Crash on launch\tSince 4.2.1 the app closes when I open a note.',
              ),
              fakePlayReview('r2', t2, '\tSync never finishes'),
            ],
            tokenPagination: { nextPageToken: 'page2' },
          },
        };
  });
  return Object.assign(server, {
    serviceAccount: {
      type: 'service_account' as const,
      client_email: email,
      private_key: await exportPKCS8(pair.privateKey),
      private_key_id: 'abc123',
      token_uri: `${server.url}/token`,
    },
    unknownPrivateKey: await exportPKCS8(unknown.privateKey),
  });
}
