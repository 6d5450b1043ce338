/**
 * The Google Play Developer API call a Google Play source makes: `reviews.list` of an app
 * (`GET androidpublisher/v3/applications/{packageName}/reviews`, the last week's reviews), paged
 * by `tokenPagination.nextPageToken` (developers.google.com/android-publisher/api-ref/rest/v3/reviews/list).
 */
import type { ProviderPage } from '../poll-pages.js';
import { getProviderJson, ProviderError } from '../provider-http.js';
import { fetchAccessToken, type ServiceAccountKey } from './auth.js';

/** The Google Play Developer API. */
export const ANDROID_PUBLISHER_URL = 'https://androidpublisher.googleapis.com';

/** Where and how to call Google Play. */
export interface GooglePlayApiOptions {
  baseUrl: string;
  packageName: string;
  key: ServiceAccountKey;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

/** The Google Play client of one source (one access token per client). */
export function createGooglePlayApi(options: GooglePlayApiOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const reviewsUrl = `${base}/androidpublisher/v3/applications/${encodeURIComponent(options.packageName)}/reviews`;
  let token: Promise<string> | undefined;
  async function page(
    pageToken: string | null,
    maxResults: number,
  ): Promise<ProviderPage<unknown>> {
    token ??= fetchAccessToken(options.key, options.fetch);
    const query = new URLSearchParams({ maxResults: String(maxResults) });
    if (pageToken) query.set('token', pageToken);
    const { json } = await getProviderJson(`${reviewsUrl}?${query}`, {
      provider: 'Google Play',
      fetch: options.fetch,
      headers: { authorization: `Bearer ${await token}` },
      signal: options.signal,
      explain: (status) => explain(status, options),
    });
    const body = json as { reviews?: unknown; tokenPagination?: { nextPageToken?: unknown } };
    // Google leaves out empty lists: `{}` is a page without reviews.
    if (typeof body !== 'object' || body === null || !Array.isArray(body.reviews ?? [])) {
      throw new ProviderError(
        'Google Play answered a review list that is not a JSON object with `reviews`.',
        200,
      );
    }
    const next = body.tokenPagination?.nextPageToken;
    return {
      items: (body.reviews ?? []) as unknown[],
      next: typeof next === 'string' && next ? next : null,
    };
  }
  return {
    /** One page of reviews; `pageToken` null for the first. @throws ProviderError */
    reviews: (pageToken: string | null) => page(pageToken, 100),
    /** One review, to check the key, the access and the package (the call `test()` makes). */
    probe: () => page(null, 1),
  };
}

function explain(status: number, options: GooglePlayApiOptions): string | undefined {
  if (status === 401) {
    return 'Google Play refused the access token (401). Store the service account JSON key again.';
  }
  if (status === 403) {
    return `The service account ${options.key.client_email} may not read this app's reviews (403): add it in Play Console → Users and permissions with "Reply to reviews" access, and enable the Google Play Android Developer API.`;
  }
  if (status === 404) {
    return `Google Play knows no app "${options.packageName}" (404). Check the package name.`;
  }
  return undefined;
}
