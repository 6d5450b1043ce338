/**
 * Settings and credentials several source modules share, declared once: how many pages a poll
 * reads, and the credentials of a source with two halves (polling with a token, webhooks checked
 * with a signing secret), either of which is enough for its half.
 */
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

/**
 * An address setting (a provider's `baseUrl`, a token endpoint): a URL without a user name or
 * password in it. Settings are shown (`GET /api/sources`, `sources list`) and a URL's user
 * info is echoed by fetch's errors, so credentials belong in the source's secrets (found by
 * fresh-user trial 18: `--set baseUrl=http://bob:pw@…` was stored and shown).
 *
 * @param defaultUrl - The provider's own address, used when the setting is not given.
 * @param description - The setting's line in `sightline sources add --help`.
 * @returns The zod schema of the setting.
 */
export function addressSetting(defaultUrl: string, description: string) {
  return z
    .url()
    .refine((value) => {
      const url = URL.parse(value);
      return !url || (url.username === '' && url.password === '');
    }, "The address holds a user name or password; give it without them, and the credentials as the source's secrets.")
    .default(defaultUrl)
    .describe(description);
}

/** The private keys providers sign their API tokens with. */
export type PrivateKeyKind =
  /** An EC key on P-256 (ES256): App Store Connect's `.p8` API keys. */
  | 'ec-p256'
  /** An RSA key (RS256): Google service account keys. */
  | 'rsa';

/**
 * A private key credential (PEM text), read by Node's crypto when the source is added, so a
 * wrong file, or a key of another kind, is refused then, not at the first poll; the message never
 * quotes the value.
 *
 * @param kind - The kind of key the provider issues.
 * @param message - What to give instead, in the provider's words.
 * @param description - The credential's line in `sightline sources add --help`.
 * @returns The zod schema of the credential.
 */
export function privateKeySecret(kind: PrivateKeyKind, message: string, description: string) {
  return z
    .string()
    .refine((pem) => isPrivateKeyOf(kind, pem), { message })
    .describe(description);
}

function isPrivateKeyOf(kind: PrivateKeyKind, pem: string): boolean {
  try {
    const key = createPrivateKey(pem.trim());
    if (kind === 'rsa') return key.asymmetricKeyType === 'rsa';
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/**
 * The `maxPages` setting: the most pages one poll reads, 1–100.
 *
 * @param defaultPages - Pages read when the setting is not given.
 * @param description - The setting's line in `sightline sources add --help`.
 * @returns The zod schema of the setting.
 */
export function maxPagesSetting(defaultPages: number, description: string) {
  return z.number().int().min(1).max(100).default(defaultPages).describe(description);
}

/**
 * The `followUpstream` setting: whether a problem closed or resolved at the provider resolves its
 * group, and reopened there reopens it. Default true.
 *
 * @returns The zod schema of the setting.
 */
export function followUpstreamSetting() {
  return z
    .boolean()
    .default(true)
    .describe(
      'Resolve a group when its issue is closed or resolved upstream, reopen it when reopened',
    );
}

/**
 * An optional secret of at least one character.
 *
 * @param description - Its line in `sightline sources add --help`.
 * @returns The zod schema of the secret.
 */
export function optionalSecret(description: string) {
  return z.string().min(1).optional().describe(description);
}

/**
 * The credentials of a source that polls with one secret and checks webhooks with another: each
 * is optional, and a source without either is refused.
 *
 * @param secrets - The two secrets (from {@link optionalSecret}), by name.
 * @param message - What to give when neither is there, naming both.
 * @returns The zod schema of the credentials.
 */
export function pollOrWebhookCredentials<Shape extends Record<string, z.ZodOptional<z.ZodString>>>(
  secrets: Shape,
  message: string,
) {
  return z
    .object(secrets)
    .refine((value) => Object.values(value).some((secret) => secret !== undefined), { message });
}
