/**
 * Credentials given to an HTTP client on a command line: curl's `-u user:password` and
 * `--user`/`--proxy-user` (curl manual: the password after the first colon; `-u user` alone
 * prompts for it), wget's `--password=`, `--http-password=`, `--ftp-password=` and
 * `--proxy-password=` (GNU Wget manual, "Download Options" and "HTTP Options"), and HTTPie's
 * `-a user:password` and `--auth` (HTTPie docs, "Authentication"), and curl's `--oauth2-bearer`
 * and `--pass`; a command continued on the next line by a backslash is read whole. Reports paste
 * the command they ran; gitleaks and secretlint look for tokens and URLs, not for a client's
 * options.
 */
import { isPassword, programOptions, VALUE } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** A user name and the password after its colon, together (group 1). */
const USER_AND_PASSWORD = String.raw`(["']?[^\s:"'\x60]*:[^\s"'\x60&|;]+)`;

/** curl (`curl.exe` too). */
const CURL = /\bcurl(?:\.exe)?(?![\w.-])/g;
/**
 * Its credential options, attached (`-uuser:pw`, `--user=user:pw`) or as the next word, `-u` last
 * in a run of short options too (`-ku`, `-vsSLu`).
 */
const CURL_CREDENTIALS = new RegExp(
  String.raw`(?<=[\s"'])(?:-[A-Za-z]*[uU]|--(?:proxy-)?user)(?:=|\s*)${USER_AND_PASSWORD}`,
  'g',
);
/** Its options that take a secret whole: a bearer token, a private key's passphrase. */
const CURL_SECRET = new RegExp(
  String.raw`(?<=[\s"'])--(?:oauth2-bearer|pass|proxy-pass)(?:=|\s+)${VALUE}`,
  'g',
);
/** GNU Wget. */
const WGET = /\bwget2?(?:\.exe)?(?![\w.-])/g;
/** Its password options, with `=` or a space. */
const WGET_PASSWORD = new RegExp(
  String.raw`(?<=[\s"'])--(?:http-|ftp-|proxy-)?password(?:=|\s+)${VALUE}`,
  'g',
);
/** HTTPie's `http` and `https` (not a URL's scheme). */
const HTTPIE = /\bhttps?(?![\w.:/-])/g;
/** Its credential option. */
const HTTPIE_CREDENTIALS = new RegExp(
  String.raw`(?<=[\s"'])(?:-a|--auth)(?:=|\s+)${USER_AND_PASSWORD}`,
  'g',
);

/** Words written where a password goes in an example (`curl -u user:password`). */
const EXAMPLE_PASSWORD = /^(?:pass(?:word)?|passwd|pwd|secret|token|p(?:ass)?w)$/i;

/**
 * Whether `user:password` gives a password: one after the colon that is one (`isPassword`: not a
 * placeholder or a variable), not an example's word, and not a time or a port mapping (`12:30`).
 */
function givesPassword(value: string): boolean {
  const pair = value.replace(/^["']|["']$/g, '');
  const colon = pair.indexOf(':');
  const password = pair.slice(colon + 1);
  if (colon < 0 || password === '' || /^\d+(?::\d+)+$/.test(pair)) return false;
  return isPassword(password) && !EXAMPLE_PASSWORD.test(password);
}

/** A password an HTTP client was given on a command line. */
export const HTTP_CREDENTIAL_RULE: SecretRule = {
  what: 'an HTTP client password on a command line',
  *find(text) {
    yield* programOptions(text, CURL, CURL_CREDENTIALS, givesPassword);
    yield* programOptions(text, CURL, CURL_SECRET);
    yield* programOptions(text, WGET, WGET_PASSWORD);
    yield* programOptions(text, HTTPIE, HTTPIE_CREDENTIALS, givesPassword);
  },
};
