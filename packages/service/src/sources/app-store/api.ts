/**
 * The App Store Connect API calls an App Store source makes: an app's customer reviews, newest
 * first (`sort=-createdDate`), paged by JSON:API `links.next`. Every call carries a JSON Web Token
 * signed ES256 with the team's API key: header `kid` (key id), claims `iss` (issuer id), `iat`,
 * `exp` at most 20 minutes later and `aud` `appstoreconnect-v1` (developer.apple.com/documentation/
 * appstoreconnectapi/generating-tokens-for-api-requests), made with jose.
 */
import { SightlineError } from '@sightline/core';
import { importPKCS8, SignJWT } from 'jose';
import type { ProviderPage } from '../poll-pages.js';
import { getProviderJson, ProviderError } from '../provider-http.js';

/** The App Store Connect API. */
export const APP_STORE_CONNECT_URL = 'https://api.appstoreconnect.apple.com';

/** Token lifetime, seconds: Apple refuses tokens that live longer than 20 minutes. */
const TOKEN_LIFETIME_SECONDS = 15 * 60;

/** The API key of a team (App Store Connect → Users and Access → Integrations). */
export interface AppStoreKey {
  /** Issuer id (a UUID shown above the keys). */
  issuerId: string;
  /** Key id (10 characters). */
  keyId: string;
  /** The private key: the `.p8` file's PEM text (PKCS #8, `-----BEGIN PRIVATE KEY-----`). */
  privateKey: string;
}

/** Where and how to call App Store Connect. */
export interface AppStoreApiOptions extends AppStoreKey {
  baseUrl: string;
  /** The app's Apple ID (numeric, App Information in App Store Connect). */
  appId: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

/**
 * A signed API token, valid for 15 minutes from `now`.
 * @param now - Epoch ms. Default now.
 * @throws SightlineError `INVALID_ARGUMENT` when the private key is not a PKCS #8 EC key.
 */
export async function createAppStoreToken(key: AppStoreKey, now = Date.now()): Promise<string> {
  let privateKey: CryptoKey;
  try {
    privateKey = await importPKCS8(key.privateKey.trim(), 'ES256');
  } catch {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        'The App Store Connect private key is not the PEM text of a .p8 key (-----BEGIN PRIVATE KEY-----). Store the key file again with `sightline sources add`.',
    });
  }
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId, typ: 'JWT' })
    .setIssuer(key.issuerId)
    .setAudience('appstoreconnect-v1')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(privateKey);
}

const seg = encodeURIComponent;

/** The App Store Connect client of one source (one token per client). */
export function createAppStoreApi(options: AppStoreApiOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const reviewsUrl = (limit: number) =>
    `${base}/v1/apps/${seg(options.appId)}/customerReviews?sort=-createdDate&limit=${limit}`;
  let token: Promise<string> | undefined;
  async function get(url: string) {
    token ??= createAppStoreToken(options);
    return getProviderJson(url, {
      provider: 'App Store Connect',
      fetch: options.fetch,
      headers: { authorization: `Bearer ${await token}` },
      signal: options.signal,
      explain: (status) => explain(status, options.appId),
    });
  }
  async function page(url: string): Promise<ProviderPage<unknown> & { total?: number }> {
    const { json } = await get(url);
    const body = json as { data?: unknown; links?: { next?: unknown }; meta?: unknown };
    if (!Array.isArray(body?.data)) {
      throw new ProviderError(
        'App Store Connect answered a review list without a `data` array.',
        200,
      );
    }
    const next = typeof body.links?.next === 'string' ? body.links.next : null;
    if (next && new URL(next, base).origin !== new URL(base).origin) {
      throw new ProviderError(
        `App Store Connect sent a next page on another host (${new URL(next, base).origin}); not followed.`,
        200,
      );
    }
    const total = (body.meta as { paging?: { total?: unknown } } | undefined)?.paging?.total;
    return {
      items: body.data,
      next: next ? new URL(next, base).href : null,
      ...(typeof total === 'number' ? { total } : {}),
    };
  }
  return {
    /** One page of reviews, newest first; `url` null for the first. @throws ProviderError */
    reviews: (url: string | null) => page(url ?? reviewsUrl(200)),
    /** One review, to check the key and the app (the call `test()` makes). @throws ProviderError */
    probe: () => page(reviewsUrl(1)),
  };
}

function explain(status: number, appId: string): string | undefined {
  if (status === 401) {
    return 'App Store Connect refused the token (401). Check the issuer id, the key id and the .p8 private key, and that the key is not revoked.';
  }
  if (status === 403) {
    return 'The API key may not read customer reviews (403): give it the Customer Support, App Manager or Admin role.';
  }
  if (status === 404) {
    return `App Store Connect knows no app "${appId}" (404). Use the app's Apple ID, the number under App Information.`;
  }
  return undefined;
}
