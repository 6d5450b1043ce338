/**
 * Credentials given to an HTTP client on a command line: curl's `-u user:password` and
 * `--user`/`--proxy-user` (curl manual: the password after the first colon; `-u user` alone
 * prompts for it), wget's `--password=`, `--http-password=`, `--ftp-password=` and
 * `--proxy-password=` (GNU Wget manual, "Download Options" and "HTTP Options"), and HTTPie's
 * `-a user:password` and `--auth` (HTTPie docs, "Authentication"). Reports paste the command they
 * ran; gitleaks and secretlint look for tokens and URLs, not for a client's options.
 */
import { programOptions, VALUE } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** A user name, then the password after its colon (the option's value, group 1). */
const USER_AND_PASSWORD = String.raw`["']?[^\s:"'\x60]*:([^\s"'\x60&|;]+)`;

/** curl (`curl.exe` too). */
const CURL = /\bcurl(?:\.exe)?(?![\w.-])/g;
/** Its credential options, attached (`-uuser:pw`, `--user=user:pw`) or as the next word. */
const CURL_CREDENTIALS = new RegExp(
  String.raw`(?<=[\s"'])(?:-[uU]|--(?:proxy-)?user)(?:=|\s*)${USER_AND_PASSWORD}`,
  'g',
);
/** GNU Wget. */
const WGET = /\bwget2?(?:\.exe)?(?![\w.-])/g;
/** Its password options. */
const WGET_PASSWORD = new RegExp(
  String.raw`(?<=[\s"'])--(?:http-|ftp-|proxy-)?password=${VALUE}`,
  'g',
);
/** HTTPie's `http` and `https` (not a URL's scheme). */
const HTTPIE = /\bhttps?(?![\w.:/-])/g;
/** Its credential option. */
const HTTPIE_CREDENTIALS = new RegExp(
  String.raw`(?<=[\s"'])(?:-a|--auth)(?:=|\s+)${USER_AND_PASSWORD}`,
  'g',
);

/** A password an HTTP client was given on a command line. */
export const HTTP_CREDENTIAL_RULE: SecretRule = {
  what: 'an HTTP client password on a command line',
  *find(text) {
    yield* programOptions(text, CURL, CURL_CREDENTIALS);
    yield* programOptions(text, WGET, WGET_PASSWORD);
    yield* programOptions(text, HTTPIE, HTTPIE_CREDENTIALS);
  },
};
