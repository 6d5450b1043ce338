/**
 * Access tokens for the Google Play Developer API from a service account key, with Google's auth
 * library (JWT bearer grant, scope `androidpublisher`). The library's JWT client always posts to
 * `https://oauth2.googleapis.com/token`; the key file's own `token_uri` is honoured by sending
 * that request there through the source's fetch.
 */
import { JWT } from 'google-auth-library';
import { ProviderError, retryAfterMs } from '../provider-http.js';

/** The scope of the Google Play Developer API. */
export const ANDROID_PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/** Where Google's auth library sends every service account token request. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The fields of a service account JSON key the source uses. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string | undefined;
  /** The OAuth 2.0 token endpoint. Default Google's. */
  token_uri?: string | undefined;
}

/**
 * Fetches an access token for `key`.
 * @throws ProviderError — status 0 when the token endpoint cannot be reached, the endpoint's status
 *   (and its requested wait) when it refuses the key, with what to do.
 */
export async function fetchAccessToken(
  key: ServiceAccountKey,
  fetchImplementation: typeof fetch,
): Promise<string> {
  const tokenUri = key.token_uri ?? GOOGLE_TOKEN_URL;
  const client = new JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    scopes: [ANDROID_PUBLISHER_SCOPE],
    transporterOptions: {
      fetchImplementation: (input, init) =>
        fetchImplementation(String(input) === GOOGLE_TOKEN_URL ? tokenUri : input, init),
    },
  });
  try {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('no access token in the answer');
    return token;
  } catch (error) {
    throw tokenFailure(error, tokenUri);
  }
}

function tokenFailure(error: unknown, tokenUri: string): ProviderError {
  const { status, response, message } = error as {
    status?: number;
    response?: { status?: number; headers?: Headers };
    message?: string;
  };
  const code = status ?? response?.status;
  const origin = new URL(tokenUri).origin;
  if (typeof code !== 'number') {
    if (/PEM|key|DECODER|asn1/i.test(message ?? '')) {
      return new ProviderError(
        'The service account private key cannot be read. Store the JSON key file Google Cloud gave again.',
        0,
      );
    }
    return new ProviderError(
      `Google's token endpoint ${origin} cannot be reached (${message ?? 'no answer'}). Check the network.`,
      0,
    );
  }
  const wait = response?.headers instanceof Headers ? retryAfterMs(response.headers) : undefined;
  if (code === 400 || code === 401) {
    return new ProviderError(
      `Google refused the service account key (${code}: ${message ?? 'invalid grant'}). Create a new JSON key for the service account and store it again.`,
      code,
    );
  }
  return new ProviderError(`Google's token endpoint ${origin} answered ${code}.`, code, wait);
}
