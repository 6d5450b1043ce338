/**
 * URLs as messages and logs may show them: a connection or server URL can carry a secret in its
 * user-info (a user's password before the `@`) or its query (libpq's password and sslpassword
 * parameters, a model server's api_key, a signed URL's sig), and a startup line or an error that
 * quotes the URL would print it.
 */

/**
 * What names a parameter whose value is a secret: a name holding pass(word), pwd, secret, token,
 * key, auth, sig(nature) or credential, in any case or spelling (`sslpassword`, `api_key`,
 * `X-Amz-Signature`).
 */
const SECRET_NAME = 'pass|pwd|secret|token|key|auth|sig|credential';
const SECRET_PARAMETER = new RegExp(SECRET_NAME, 'i');
/**
 * A value that sets a secret itself: libpq's `options=-c password=…` (sent as a server setting),
 * `%3D` decoded by the URL parser first.
 */
const SECRET_SETTING = new RegExp(`(?:${SECRET_NAME})[\\w.-]*\\s*=`, 'i');

/** What a redacted value reads. */
const REDACTED = '***';

/**
 * A URL without its secrets: the password of its user-info, the values of query parameters
 * named like secrets ({@link SECRET_PARAMETER}) and of those that set one ({@link SECRET_SETTING})
 * become `***`.
 * @param url - any URL text.
 * @returns the URL as WHATWG URL serializes it with its secrets replaced; `(unparseable URL)`
 *   when it does not parse (its text may hold a secret in a place the parser cannot tell).
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(unparseable URL)';
  }
  if (parsed.password) parsed.password = REDACTED;
  for (const name of new Set(parsed.searchParams.keys()))
    if (
      SECRET_PARAMETER.test(name) ||
      parsed.searchParams.getAll(name).some((value) => SECRET_SETTING.test(value))
    )
      parsed.searchParams.set(name, REDACTED);
  // A fragment is no query (`#password=…`): read by pattern.
  return redactUrlsIn(parsed.toString());
}

/** `//user:password@` in any text: `//user:` (group 1), then the password up to `@`. */
const USERINFO_PASSWORD = /(\/\/[^\s/:@?#]*:)[^\s/@?#]+@/g;
/** A query or fragment parameter named like a secret with its `=` (group 1), then its value. */
const SECRET_PARAMETER_VALUE = new RegExp(
  `([?&#;][^\\s=&#;?]*(?:${SECRET_NAME})[^\\s=&#;?]*=)[^\\s&#;]*`,
  'gi',
);

/**
 * {@link redactUrl} for text that may not parse as a URL (a model spec, a flag's value as typed):
 * the password of every `//user:password@` and the value of every query or fragment parameter
 * named like a secret become `***`, by pattern.
 * @param text - any text.
 * @returns the text with those values replaced; the same text when it holds none.
 */
export function redactUrlsIn(text: string): string {
  return text
    .replace(USERINFO_PASSWORD, `$1${REDACTED}@`)
    .replace(SECRET_PARAMETER_VALUE, `$1${REDACTED}`);
}
