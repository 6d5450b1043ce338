/**
 * The secret formats Sightline checks beside secretlint's recommended preset. Token formats are
 * written from gitleaks' published rule set (gitleaks/gitleaks `config/gitleaks.toml`, the rule
 * ids are named on each), plus the shapes issue #34 found leaking: unquoted settings in YAML,
 * compose, INI and shell files, npm `_authToken` lines, kubeconfig client keys, 48-character
 * OpenAI keys, and the values of secret-named settings that span several lines; and those
 * fresh-user trials found: a private key's body without its BEGIN line
 * (`private-key-body-rule.ts`, and by what it decodes to, `private-key-der-rule.ts`), database passwords on command lines (`database-password-rule.ts`),
 * .netrc and .pgpass lines (`password-file-lines-rule.ts`), secret fallbacks of environment reads
 * (`environment-fallback-rule.ts`),
 * Sentry DSNs whose key is not hex; and those of fresh-user trial 43: other programs' passwords on
 * command lines (`command-password-rule.ts`), Dockerfiles' `ENV` and `ARG` settings
 * (`dockerfile-setting-rule.ts`), literals of every secret-named name in code, typed defaults too
 * (`named-literal-rule.ts`), XML settings (`xml-secret-rule.ts`) and passwords in prose
 * (`prose-password-rule.ts`); and the leak classes closed after it: SQL statements' passwords
 * (`sql-password-rule.ts`), Redis' password directives (`redis-password-rule.ts`), keystores' and
 * OpenSSL's pass phrases (`keystore-password-rule.ts`), passwords given with their user
 * (`user-password-argument-rule.ts`), more programs' short password options
 * (`program-password-option-rule.ts`), PowerShell's plain-text secure strings
 * (`secure-string-rule.ts`), Go MySQL DSNs (`mysql-dsn-rule.ts`), a secret-named key's literal
 * given as the next argument (`literal-pair-rule.ts`) and secret-named Terraform variables'
 * defaults (`terraform-variable-rule.ts`); and then passwords in Markdown tables
 * (`markdown-table-password-rule.ts`), literals compared with secret-named names
 * (`compared-literal-rule.ts`; a switch's labels, `switched-literal-rule.ts`) and Windows' `net use`, `net user`, `cmdkey` and `schtasks`
 * passwords (`windows-net-password-rule.ts`). Each rule marks the character range it matched; the scanner
 * withholds every line that range touches.
 */

import { COMMAND_PASSWORD_RULE } from './command-password-rule.js';
import { COMPARED_LITERAL_RULE } from './compared-literal-rule.js';
import { DATABASE_PASSWORD_RULE } from './database-password-rule.js';
import { DOCKERFILE_SETTING_RULE } from './dockerfile-setting-rule.js';
import { ENVIRONMENT_FALLBACK_RULE } from './environment-fallback-rule.js';
import { HTTP_CREDENTIAL_RULE } from './http-credential-rule.js';
import { KEYSTORE_PASSWORD_RULE } from './keystore-password-rule.js';
import { LITERAL_PAIR_RULE } from './literal-pair-rule.js';
import { MARKDOWN_TABLE_PASSWORD_RULE } from './markdown-table-password-rule.js';
import { MYSQL_DSN_RULE } from './mysql-dsn-rule.js';
import { NAMED_LITERAL_RULE, TYPE_ANNOTATION } from './named-literal-rule.js';
import { OPTION_SEQUENCE_RULE } from './option-sequence-rule.js';
import { PASSWORD_FILE_LINES_RULE } from './password-file-lines-rule.js';
import { looksLikePassword } from './password-value.js';
import { PRIVATE_KEY_BODY_RULE } from './private-key-body-rule.js';
import { PRIVATE_KEY_DER_RULE } from './private-key-der-rule.js';
import { PRIVATE_KEY_RULE } from './private-key-rule.js';
import { PROGRAM_PASSWORD_OPTION_RULE } from './program-password-option-rule.js';
import { PROSE_PASSWORD_RULE } from './prose-password-rule.js';
import { REDIS_PASSWORD_RULE } from './redis-password-rule.js';
import { isSecretSettingPointer, isWordCode, SECRET_SETTING, snakeCase } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';
import { SECURE_STRING_RULE } from './secure-string-rule.js';
import { SQL_PASSWORD_RULE } from './sql-password-rule.js';
import { SWITCHED_LITERAL_RULE } from './switched-literal-rule.js';
import { TERRAFORM_VARIABLE_RULE } from './terraform-variable-rule.js';
import { USER_PASSWORD_ARGUMENT_RULE } from './user-password-argument-rule.js';
import { WINDOWS_NET_PASSWORD_RULE } from './windows-net-password-rule.js';
import { XML_SECRET_RULE } from './xml-secret-rule.js';
import { isBlockScalarHeader } from './yaml-block-scalar.js';

export type { SecretRule } from './secret-rule.js';

/** A rule from one regular expression (global flag); every match is a secret. */
function pattern(what: string, regex: RegExp): SecretRule {
  return {
    what,
    *find(text) {
      for (const match of text.matchAll(regex)) {
        yield [match.index, match.index + match[0].length];
      }
    },
  };
}

/** A URL scheme's characters, `[\w+.-]`, in a run that reaches `://`. */
const URL_SCHEME_RUN = /(?<![\w+.-])[\w+.-]+(?=:\/\/)/g;
/** What follows a URL's scheme when it holds credentials: `://user:password@host` (password: group 1). */
const URL_CREDENTIALS_TAIL = /:\/\/[^\s/:@'"]+:([^\s/@'"]+)@[^\s/'"]+/y;

/**
 * Matches of `/\b[a-z][\w+.-]*:\/\/[^\s/:@'"]+:[^\s/@'"]+@[^\s/'"]+/gi` in linear time. The
 * scheme runs to the end of its `[\w+.-]` run (`:` is not in it), so every start in one run has
 * the same tail: the run is read once and its first start (a letter at a word boundary) is the
 * match's (the pattern retried each start to the run's end: quadratic).
 */
function* urlCredentials(text: string): Generator<{ index: number; end: number }> {
  let searchFrom = 0;
  for (const run of text.matchAll(URL_SCHEME_RUN)) {
    if (run.index < searchFrom) continue;
    const runEnd = run.index + run[0].length;
    let start = run.index;
    while (
      start < runEnd &&
      !(
        /[a-z]/i.test(text.charAt(start)) &&
        (start === run.index || /[+.-]/.test(text.charAt(start - 1)))
      )
    ) {
      start++;
    }
    if (start === runEnd) continue;
    URL_CREDENTIALS_TAIL.lastIndex = runEnd;
    const tail = URL_CREDENTIALS_TAIL.exec(text);
    if (!tail) continue;
    searchFrom = URL_CREDENTIALS_TAIL.lastIndex;
    // `postgres://${user}:${pass}@…`: a template fills the password in; the line holds none.
    if (PLACEHOLDER.test(tail[1] ?? '')) continue;
    yield { index: start, end: searchFrom };
  }
}

/** Names of secrets in code, before a quoted literal. */
const SECRET_LITERAL_NAME =
  /(?:secret|passw(?:or)?d|token|api_?key|access_?key|private_?key|client_?secret)/gi;
/**
 * A quoted literal of eight or more characters given to a name: `: "…"`, `= '…'`, and a typed
 * default, `: str = "…"` (`TYPE_ANNOTATION`).
 */
const SECRET_LITERAL_VALUE = new RegExp(
  String.raw`["']?(?:[ \t]*${TYPE_ANNOTATION}|\s*[:=])\s*["']([^"'\s]{8,})["']`,
  'y',
);

/**
 * Matches of `name + \w* + tail` (`name` global and made of word characters, `tail` sticky), what
 * `new RegExp(name.source + '\\w*' + tail.source, 'gi')` finds, in linear time: `\w*` always runs
 * to the end of the name's word, so every name in one word has the same tail, which is read once
 * (the pattern retried each name to the word's end: quadratic on a long word of names).
 */
function* namedValues(
  text: string,
  name: RegExp,
  tail: RegExp,
): Generator<{ index: number; end: number; tail: RegExpExecArray }> {
  const names = new RegExp(name);
  const tails = new RegExp(tail);
  for (let found = names.exec(text); found; found = names.exec(text)) {
    let wordEnd = found.index + found[0].length;
    while (wordEnd < text.length && isWordCode(text.charCodeAt(wordEnd))) wordEnd++;
    tails.lastIndex = wordEnd;
    const value = tails.exec(text);
    if (value) {
      names.lastIndex = tails.lastIndex;
      yield { index: found.index, end: tails.lastIndex, tail: value };
    } else {
      names.lastIndex = wordEnd;
    }
  }
}

/**
 * Where a token with a short fixed prefix may start: after no letter or digit, or right after a
 * percent-escape, encoded once or more (`%3Dnpm_…`, `%253Dnpm_…`, `%25253Dnpm_…` in a URL-encoded
 * log line: fresh-user trial 26 found the third in a proxy's log). Not JavaScript's `\b`: `_` is a
 * word character, so `\b` missed a token glued to a name (`stringify_sk_live_…`) or sent in an
 * encoded query (`token%3Dghp_…`): found by fresh-user trials 17 and 18.
 *
 * Checked in code rather than as a lookbehind of the pattern: a pattern that opens with a
 * lookbehind is tried at every position, 40 times slower on code than one that opens with its
 * literal prefix, which the regular expression engine searches for directly (every indexed file
 * is scanned: seven such rules added about 2 s to cold indexing of date-fns 4.4.0, 11.5 s against
 * 9.5 s, bench/README.md).
 */
function mayStartAt(text: string, index: number): boolean {
  if (index === 0 || !/[A-Za-z0-9]/.test(text.charAt(index - 1))) return true;
  return /%(?:25)*[0-9A-Fa-f]{2}$/.test(text.slice(Math.max(0, index - 32), index));
}

/**
 * A rule of a global pattern (no anchor) that counts a match only where {@link mayStartAt}
 * allows it; a match that may not start there is looked for again one character on, as a
 * lookbehind would.
 */
function prefixed(what: string, regex: RegExp): SecretRule {
  return {
    what,
    *find(text) {
      const tokens = new RegExp(regex);
      for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
        if (mayStartAt(text, match.index)) {
          yield [match.index, match.index + match[0].length];
        } else {
          tokens.lastIndex = match.index + 1;
        }
      }
    },
  };
}

/**
 * Whether a header's, cookie's or query parameter's value may be a secret: not a placeholder
 * (`${token}`, `<YOUR_TOKEN>`, `***`), not a word (`undefined`, `expired`, `REDACTED`, `required`:
 * "Bearer undefined" is usually the whole bug, found by fresh-user trial 18), not a constant's
 * name (`YOUR_API_TOKEN`), not a challenge's parameters (`realm="api"`).
 */
function isSecretValue(value: string): boolean {
  const last =
    value
      .trim()
      .split(/\s+/)
      .at(-1)
      ?.replace(/^["']|["',;]+$/g, '') ?? '';
  if (PLACEHOLDER.test(last) || /\brealm=/i.test(value)) return false;
  if (/^[A-Za-z]+$/.test(last) && last.length < 20) return false;
  return !/^[A-Z][A-Z0-9_]*$/.test(last);
}

/** A rule of a global pattern whose match counts when {@link isSecretValue} holds for `value`. */
function valued(
  what: string,
  regex: RegExp,
  value: (match: RegExpMatchArray) => string,
): SecretRule {
  return {
    what,
    *find(text) {
      for (const match of text.matchAll(regex)) {
        if (!isSecretValue(value(match))) continue;
        yield [match.index ?? 0, (match.index ?? 0) + match[0].length];
      }
    },
  };
}

/**
 * A Basic credential on its own (`"Basic YWRtaW46cHc="`, a header's value in a pretty-printed
 * Sentry event, found by fresh-user trial 18): its base64 decodes to `user:password`.
 */
const BASIC_CREDENTIAL = /\bBasic\s+([A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g;
function isBasicCredential(encoded: string): boolean {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return /^[\x21-\x7e][\x20-\x7e]*:[\x20-\x7e]+$/.test(decoded);
}

/**
 * A `Cookie` or `Set-Cookie` header (RFC 6265), or a JSON key's (`"cookies": "sid=…"`, a Sentry
 * event's request): what follows its name up to the line's or the quoted string's end.
 */
const COOKIE_HEADER = /\b(?:Set-)?Cookies?["']?\s*[:=]\s*["']?([^"'\r\n]{0,4096})/gi;
/** One cookie of a header: its name and value, up to `;` or the header's end. */
const COOKIE_PAIR = /([\w.-]+)=([^;\s"']*)/g;

/**
 * A cookie header any of whose cookies has a value of 8 or more characters that may be a secret
 * (`isSecretValue`): `Cookie: theme=dark; sessionid=…; lang=en` (trial 20's re-check: only the
 * first cookie was read).
 */
const COOKIE_RULE: SecretRule = {
  what: 'a cookie',
  *find(text) {
    for (const header of text.matchAll(COOKIE_HEADER)) {
      const cookies = header[1] ?? '';
      for (const [, , value = ''] of cookies.matchAll(COOKIE_PAIR)) {
        if (value.length < 8 || !isSecretValue(value)) continue;
        yield [header.index, header.index + header[0].length];
        break;
      }
    }
  },
};

/**
 * A Sentry event's `cookies` or `query_string` given as an object or a list of pairs
 * (`"cookies": {"sid": "…"}`, `[["sid", "…"]]`; Sentry's request interface takes a string, an
 * object or pairs): every string in it may be a credential, so the whole value is withheld when
 * one of 8 or more characters may be a secret (`isSecretValue`). The value is scanned to its
 * closing bracket, at most 16,384 characters.
 */
const STRUCTURED_REQUEST_VALUE: SecretRule = {
  what: 'a secret cookie or query parameter of a request',
  *find(text) {
    for (const key of text.matchAll(/"(?:cookies|query_string)"\s*:\s*([[{])/gi)) {
      const start = key.index + key[0].length - 1;
      const end = closingBracket(text, start);
      const value = text.slice(start, end);
      for (const [, string = ''] of value.matchAll(/"((?:[^"\\\r\n]|\\.){8,4096})"/g)) {
        if (!isSecretValue(string)) continue;
        yield [key.index, end];
        break;
      }
    }
  },
};

/** The end (exclusive) of the JSON array or object opening at `start`, strings skipped; bounded. */
function closingBracket(text: string, start: number): number {
  const limit = Math.min(text.length, start + 16_384);
  let depth = 0;
  for (let at = start; at < limit; at++) {
    const char = text[at];
    if (char === '"') {
      at++;
      while (at < limit && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    } else if (char === '[' || char === '{') depth++;
    else if ((char === ']' || char === '}') && --depth === 0) return at + 1;
  }
  return limit;
}

/**
 * The separator of an encoded or plain URL's query: `?`, `&`, `;` or their percent-escapes, or the
 * start of a Sentry event's `"query_string": "…"` (trial 20's re-check).
 */
const QUERY_SEPARATOR = String.raw`(?:[?&;]|%3[Ff]|%26|%3[Bb]|"query_string"\s*:\s*")`;

/**
 * Values of secret-named query parameters in a URL (`?password=…`, `&access_token=…`, encoded
 * too), unless a placeholder; and `Authorization` headers (RFC 7617 Basic, RFC 6750 Bearer and
 * other schemes) and bearer tokens, whether the header is written `Authorization: Bearer x` or
 * URL-encoded (found by fresh-user trial 17: a report's header and query values were shown).
 */
const QUERY_SECRET = new RegExp(
  String.raw`${QUERY_SEPARATOR}(?:pass(?:word|wd)?|pwd|secret|client_secret|token|access_token|refresh_token|id_token|api_?key|apikey|auth|key|sig|signature|x-amz-signature|x-amz-security-token|x-goog-signature)(?:=|%3[Dd])([^&;?\s#'"<>]{4,})`,
  'gi',
);
/** Separators are single characters or `%20`, disjoint from the value's: no backtracking. */
const AUTHORIZATION =
  /\b(?:Authorization|Proxy-Authorization)["']?(?:\s*[:=]\s*|%3[Aa](?:%20)*)["']?(?:Basic|Bearer|Token|Digest|Negotiate|Bot)(?:\s|%20)+([A-Za-z0-9+/=._~-]{6,})/gi;
const BEARER = /\bBearer(?:\s|%20)+([A-Za-z0-9._~+/-]{20,}=*)/g;

/**
 * A Sentry DSN, `http(s)://<public key>[:<secret key>]@<host>[:<port>]/[<path>/]<project id>`,
 * as `@sentry/core` parses one (getsentry/sentry-javascript `packages/core/src/utils/dsn.ts`,
 * `DSN_REGEX`; the pattern is written from it, not copied): it lets anyone send events to the
 * project. Sentry issues 32 hex digits as a key, but a report may quote any key (`abc_DEF-123`),
 * so a key is 8 or more word characters or `-` with a digit among them (a user name in a URL
 * seldom has one). A key with a password is also credentials in a URL.
 */
const SENTRY_DSN = /\bhttps?:\/\/([\w-]{8,})(?::[\w-]*)?@[\w.-]+(?::\d+)?(?:\/[\w.-]+)*\/\d+\b/g;
const SENTRY_DSN_RULE: SecretRule = {
  what: 'a Sentry DSN',
  *find(text) {
    for (const match of text.matchAll(SENTRY_DSN)) {
      if (/\d/.test(match[1] ?? '')) yield [match.index, match.index + match[0].length];
    }
  },
};

/**
 * Token formats with a fixed prefix, after gitleaks' rules of the same ids (the patterns are
 * written here from that documentation, not copied); each starts where {@link mayStartAt} allows, or
 * anywhere for prefixes no ordinary text holds (`ghp_` and 36 characters, `sk_live_`, `xoxb-`: a
 * token glued to any letter or digit, `fooDghp_…`, is found too), and ends where
 * its alphabet does.
 */
const TOKEN_RULES: SecretRule[] = [
  // gitleaks `private-key` (secretlint's rule needs a block it can parse; this one does not).
  PRIVATE_KEY_RULE,
  PRIVATE_KEY_BODY_RULE,
  PRIVATE_KEY_DER_RULE,
  DATABASE_PASSWORD_RULE,
  ENVIRONMENT_FALLBACK_RULE,
  HTTP_CREDENTIAL_RULE,
  PASSWORD_FILE_LINES_RULE,
  // gitleaks `jwt`.
  prefixed('a JSON Web Token', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g),
  // gitleaks `gitlab-pat`, `gitlab-ptt`, `gitlab-rrt`, `gitlab-deploy-token`, `gitlab-cicd-job-token`.
  pattern('a GitLab token', /gl(?:pat|dt|rt|ptt|cbt|soat|ft|imt|agent)-[\w-]{20,}/g),
  // gitleaks `aws-access-token`.
  // Its alphabet is upper case and digits; its prefix and length are distinctive enough that it
  // is found glued to anything before it (fresh-user trial 26: `sending 0AKIA…` and
  // `id=7AKIA…` were shown), and ends where its alphabet does.
  pattern(
    'an AWS access key ID',
    /(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  ),
  // gitleaks `stripe-access-token`: a live or test key anywhere, a call's argument included.
  pattern('a Stripe key', /(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}/g),
  // gitleaks `gcp-api-key`.
  prefixed('a Google API key', /AIza[\w-]{35}/g),
  // gitleaks `openai-api-key` (project, service-account and admin keys); the 48-character
  // `sk-` key is OpenAI's older user key, which secretlint's rule (it needs `T3BlbkFJ`) misses.
  prefixed('an OpenAI key', /sk-(?:(?:proj|svcacct|admin)-[\w-]{20,}|[A-Za-z0-9]{48}(?![\w-]))/g),
  // gitleaks `anthropic-api-key`, `anthropic-admin-api-key`.
  pattern('an Anthropic key', /sk-ant-(?:api|admin)\d\d-[\w-]{20,}/g),
  // gitleaks `npm-access-token`.
  prefixed('an npm token', /npm_[A-Za-z0-9]{36}/g),
  // gitleaks `huggingface-access-token`.
  prefixed('a Hugging Face token', /hf_[A-Za-z]{34}/g),
  // gitleaks `digitalocean-pat`, `digitalocean-access-token`, `digitalocean-refresh-token`.
  pattern('a DigitalOcean token', /do[opr]_v1_[a-f0-9]{64}/g),
  // gitleaks `pypi-upload-token` (the base64 of the token's `pypi.org` caveat).
  pattern('a PyPI token', /pypi-AgEIcHlwaS5vcmc[\w-]{50,}/g),
  // gitleaks `sendgrid-api-token`.
  prefixed('a SendGrid key', /SG\.[\w=.-]{66}/g),
  // gitleaks `twilio-api-key`.
  pattern('a Twilio key', /\bSK[0-9a-fA-F]{32}\b/g),
  // gitleaks `square-access-token`.
  pattern('a Square token', /(?:sq0atp|sq0csp)-[\w-]{22,60}/g),
  // gitleaks `vault-service-token`, `vault-batch-token`.
  pattern('a Vault token', /hv[sb]\.[\w-]{90,}/g),
  // gitleaks `heroku-api-key-v2`.
  pattern('a Heroku key', /HRKU-AA[\w-]{58}/g),
  // gitleaks `sentry-user-token`, `sentry-org-token`.
  pattern('a Sentry token', /sntry[us]_[\w=+/]{40,}/g),
  // gitleaks `slack-webhook-url`.
  pattern(
    'a Slack webhook',
    /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{20,}/g,
  ),
  // gitleaks `databricks-api-token`.
  pattern('a Databricks token', /\bdapi[a-f0-9]{32}(?:-\d)?\b/g),
  // gitleaks `doppler-api-token`.
  pattern('a Doppler token', /\bdp\.pt\.[A-Za-z0-9]{43}\b/g),
  // gitleaks `age-secret-key`.
  pattern('an age secret key', /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g),
  // gitleaks `azure-ad-client-secret`.
  pattern('an Azure client secret', /(?<![\w~.])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])/g),
  // gitleaks `telegram-bot-api-token`.
  pattern('a Telegram bot token', /\b\d{8,10}:AA[\w-]{33}\b/g),
  // gitleaks `github-fine-grained-pat`, `github-app-token` (secretlint covers the classic ones too).
  pattern('a GitHub token', /(?:github_pat_\w{82}|gh[pousr]_[A-Za-z0-9]{36,})/g),
  // gitleaks `slack-bot-token`, `slack-user-token`, `slack-app-token` and friends.
  pattern('a Slack token', /xox[abeoprs]-(?:\d+-)?[\w-]{10,}/g),
  // npm's `.npmrc` setting (any value, `_authToken = <uuid>` with spaces included), wherever it is.
  pattern('an npm auth token setting', /\b_(?:authToken|auth|password)\s*=\s*(?!\$\{)[^\s'"]{6,}/g),
  // A kubeconfig's client key, `client-key-data: <base64>` (Kubernetes' kubeconfig format).
  pattern('a kubeconfig client key', /\bclient-key-data\s*:\s*["']?[A-Za-z0-9+/=]{16,}/g),
  SENTRY_DSN_RULE,
  valued('an Authorization header', AUTHORIZATION, (match) => match[1] ?? ''),
  valued('a bearer token', BEARER, (match) => match[1] ?? ''),
  valued('a secret-named query parameter', QUERY_SECRET, (match) =>
    decodeURIComponentSafe(match[1] ?? ''),
  ),
  COOKIE_RULE,
  {
    what: 'a Basic credential',
    *find(text) {
      for (const match of text.matchAll(BASIC_CREDENTIAL)) {
        if (isBasicCredential(match[1] ?? '')) yield [match.index, match.index + match[0].length];
      }
    },
  },
  {
    what: 'credentials in a URL',
    *find(text) {
      for (const match of urlCredentials(text)) yield [match.index, match.end];
    },
  },
  {
    what: 'a password or token literal',
    *find(text) {
      for (const match of namedValues(text, SECRET_LITERAL_NAME, SECRET_LITERAL_VALUE)) {
        // `secretName = 'db-password'`, `tokenUrl = '…'`: the value names or locates a secret.
        if (isSecretSettingPointer(snakeCase(identifierAt(text, match.index)))) continue;
        // A name, a path, a version, a mask or a template is no password (`password:
        // '/account/password/reset'`, a translation's `'Passwort'`, a message key's
        // `'passwordTooWeak'`: fresh-user trial 45), as the named-literal rule judges it.
        if (!looksLikePassword(match.tail[1] ?? '', 8)) continue;
        yield [match.index, match.end];
      }
    },
  },
  COMMAND_PASSWORD_RULE,
  KEYSTORE_PASSWORD_RULE,
  USER_PASSWORD_ARGUMENT_RULE,
  WINDOWS_NET_PASSWORD_RULE,
  PROGRAM_PASSWORD_OPTION_RULE,
  REDIS_PASSWORD_RULE,
  SQL_PASSWORD_RULE,
  SECURE_STRING_RULE,
  MYSQL_DSN_RULE,
  DOCKERFILE_SETTING_RULE,
  NAMED_LITERAL_RULE,
  LITERAL_PAIR_RULE,
  COMPARED_LITERAL_RULE,
  SWITCHED_LITERAL_RULE,
  OPTION_SEQUENCE_RULE,
  TERRAFORM_VARIABLE_RULE,
  XML_SECRET_RULE,
  PROSE_PASSWORD_RULE,
  MARKDOWN_TABLE_PASSWORD_RULE,
];

/**
 * The identifier (`\w` run) of a text that holds position `index`.
 * @param text - any text.
 * @param index - a position inside the identifier (0-based).
 * @returns the identifier, `''` when `index` is on no word character.
 */
function identifierAt(text: string, index: number): string {
  let start = index;
  while (start > 0 && isWordCode(text.charCodeAt(start - 1))) start--;
  let end = index;
  while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
  return text.slice(start, end);
}

/** A percent-encoded value decoded, or as it is when it is no valid encoding. */
function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Extensions (and names) of files that hold settings rather than code. */
const SETTINGS_FILE =
  /(?:\.(?:ya?ml|ini|cfg|conf|config|properties|toml|env|sh|bash|zsh|envrc|tfvars|hcl|txt)|(?:^|\/)(?:dockerfile|makefile|procfile|[^/]*compose[^/]*))$/i;

/** The start of `key: value`, `KEY=value`, `- KEY=value`, `export KEY=value`, `key = "value"`. */
const SETTING_START =
  /^(\s*(?:-\s+)?(?:export\s+)?["']?)([A-Za-z_][\w.-]*)(["']?\s*(?:=|:(?!:))\s*)/;

/**
 * A setting line's name and value: what
 * `/^(\s*(?:-\s+)?(?:export\s+)?["']?)([A-Za-z_][\w.-]*)(["']?\s*(?:=|:(?!:))\s*)(.*?)\s*$/`
 * captures as its 2nd and 4th groups, in linear time (its `(.*?)\s*$` retried the trailing spaces
 * from every character: quadratic). The value is the rest with its trailing spaces taken off; the
 * pattern's `.` does not cross a line terminator, so a value holding one is no setting.
 */
function settingOf(line: string): { key: string; value: string } | null {
  const start = SETTING_START.exec(line);
  if (!start) return null;
  const value = line.slice(start[0].length).trimEnd();
  if (/[\n\r\u2028\u2029]/.test(value)) return null;
  return { key: start[2] ?? '', value };
}

/**
 * A value without its trailing `  # comment`, as `.replace(/\s+#.*$/, '')` does on a value
 * without line terminators, in linear time: cut at the first run of spaces followed by `#`.
 */
export function withoutComment(value: string): string {
  const hash = /\s#/.exec(value);
  if (!hash) return value;
  let cut = hash.index;
  while (cut > 0 && /\s/.test(value.charAt(cut - 1))) cut--;
  return value.slice(0, cut);
}

/**
 * The values of secret-named settings in settings files (YAML, compose, INI, properties, shell,
 * dotenv-like text), quoted or not, and the lines of a block value (`password: |`) under them.
 */
const SETTING_RULE: SecretRule = {
  what: 'a secret-named setting',
  *find(text, filePath) {
    if (!SETTINGS_FILE.test(filePath)) return;
    let offset = 0;
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] ?? '';
      const setting = settingOf(line.replace(/\r$/, ''));
      const start = offset;
      offset += line.length + 1;
      if (!setting) continue;
      const { key, value: raw } = setting;
      const value = withoutComment(raw).replace(/^["']|["']$/g, '');
      if (!SECRET_SETTING.test(key) || isSecretSettingPointer(key)) continue;
      if (isBlockScalarHeader(value)) {
        // A YAML block value: the more-indented lines below it, without the blank ones after it.
        const indent = /^\s*/.exec(line)?.[0].length ?? 0;
        let end = offset;
        let valueEnd = start + line.length;
        const block: string[] = [];
        while (index + 1 < lines.length) {
          const next = lines[index + 1] ?? '';
          if (next.trim() !== '' && (/^\s*/.exec(next)?.[0].length ?? 0) <= indent) break;
          if (next.trim() !== '') valueEnd = end + next.length;
          block.push(next.trim());
          end += next.length + 1;
          offset += next.length + 1;
          index++;
        }
        // `password: >-` then `${DB_PASSWORD}`: a template fills it in.
        if (!PLACEHOLDER.test(block.join(' ').trim())) yield [start, valueEnd];
      } else if (!PLACEHOLDER.test(value.trim())) {
        yield [start, start + line.length];
      }
    }
  },
};

/**
 * A multi-line string given to a secret-named name in code: a template literal or a Python
 * triple-quoted string (`privateKey = \`` … `` \` ``), every line of it; one never closed, to
 * the line before its first blank line.
 */
const MULTI_LINE_VALUE_RULE: SecretRule = {
  what: 'a multi-line secret value',
  *find(text) {
    const name = /(?:secret|passw(?:or)?d|token|api_?key|private_?key|credentials?)/gi;
    const opening = /["']?\s*[:=]\s*(`|"""|''')/y;
    for (const match of namedValues(text, name, opening)) {
      const quote = match.tail[1] ?? '`';
      const from = match.end;
      const close = text.indexOf(quote, from);
      // Never closed (a text cut short): the value's lines up to the first blank one, not the
      // rest of the text.
      const blank = /\n[ \t]*\r?(?:\n|$)/g;
      blank.lastIndex = from;
      const end = close === -1 ? (blank.exec(text)?.index ?? text.length) : close + quote.length;
      if (text.slice(from, end).includes('\n')) yield [match.index, end];
    }
  },
};

/** Shannon entropy of a text, in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** A secret-sounding word in a setting's name (gitleaks' `generic-api-key` keywords). */
const GENERIC_KEY_WORD = /access|auth|api|credential|creds|key|passw(?:or)?d|secret|token/iy;
/**
 * What follows a name given a value: separator, quotes, the value and what may end it. The base64
 * reading is bounded at 8,192 characters (gitleaks' is not): past that, the regular expression
 * engine's backtracking over a megabytes-long run overflowed the stack and the whole file was
 * refused as one "the secret scanner could not check" (fresh-user trial 42: a 6 MB minified
 * line). A value that long is a blob, not a key: an RSA-4096 private key's body is 3,200.
 */
const GENERIC_KEY_TAIL =
  /[\s'"]{0,3}(?:=|:{1,3}=|:|=>|\?=)[`'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,8192}={0,3})(?=[`'"\s;,)]|\\[nr]|$)/imy;
/** Runs of `[\w.-]`, the characters of a setting's name. */
const NAME_RUN = /[\w.-]+/g;

/**
 * Matches of gitleaks' `generic-api-key` idea as the pattern
 * `([\w.-]{0,50}?(?:KEYWORDS)[\w.-]{0,20})[\s'"]{0,3}(?:=|:{1,3}=|:|=>|\?=)[`'"\s=]{0,5}(VALUE)(?=…)`
 * (gim) finds them, in linear time: the name's characters are `[\w.-]` and what follows it is not,
 * so a name ends where its run does, and what follows is read once a run (the tail); the match
 * starts at the run's first position with a keyword at most 50 characters on that ends at most
 * 20 before the run's end. The pattern tried every start against every split of its name and every
 * length of its value (a MiB line of `keykeykey…=` took 4.3 s).
 */
function* genericAssignments(
  text: string,
): Generator<{ index: number; end: number; name: string; value: string }> {
  let from = 0;
  for (const run of text.matchAll(NAME_RUN)) {
    const runEnd = run.index + run[0].length;
    if (runEnd <= from) continue;
    GENERIC_KEY_TAIL.lastIndex = runEnd;
    const tail = GENERIC_KEY_TAIL.exec(text);
    if (!tail) continue;
    const runStart = Math.max(run.index, from);
    let start = -1;
    // A keyword is at most 10 characters: one that ends 20 or fewer before the run's end starts after runEnd - 30.
    for (let at = Math.max(runStart, runEnd - 30); at < runEnd; at++) {
      GENERIC_KEY_WORD.lastIndex = at;
      if (!GENERIC_KEY_WORD.test(text) || GENERIC_KEY_WORD.lastIndex < runEnd - 20) continue;
      start = Math.max(runStart, at - 50);
      break;
    }
    if (start === -1) continue;
    from = GENERIC_KEY_TAIL.lastIndex;
    yield { index: start, end: from, name: text.slice(start, runEnd), value: tail[1] ?? '' };
  }
}

/**
 * gitleaks' `generic-api-key` idea: a secret-sounding name given a value of 10–150 word
 * characters (or base64) whose entropy is at least 3.5 bits a character and that is not made of
 * letters alone (a name, not a key). The name may sit in code (`authKey: 'x'`, `TOKEN=x`).
 */
const GENERIC_KEY_RULE: SecretRule = {
  what: 'a high-entropy value of a secret-named setting',
  *find(text) {
    for (const { index, end, name, value } of genericAssignments(text)) {
      if (isSecretSettingPointer(name) || /^[A-Za-z_.-]+$/.test(value)) continue;
      if (shannonEntropy(value) < 3.5) continue;
      yield [index, end];
    }
  },
};

/** The rules that read a name and its value written on one line (`Name: value`). */
const LINE_RULES: readonly SecretRule[] = [...TOKEN_RULES, SETTING_RULE, GENERIC_KEY_RULE];

/**
 * A JSON pair `["Name", "value"]`: a Sentry event's `request.headers`, `cookies` and
 * `query_string` are lists of them, pretty-printed with the name and the value on lines of their
 * own, where no rule of a `Name: value` line saw them (fresh-user trial 20: an `X-Api-Key` and a
 * `Cookie` were shown). The name is a header's, cookie's or setting's: word characters, `.`, `-`.
 */
const NAME_VALUE_PAIR = /\[\s*"([\w.-]{1,100})"\s*,\s*"((?:[^"\\\r\n]|\\.){1,4096})"\s*\]/g;

/** A pair read as the line `Name: value`, withheld whole when a line rule finds a secret in it. */
const NAME_VALUE_PAIR_RULE: SecretRule = {
  what: 'a secret header, cookie or setting given as a name–value pair',
  *find(text, filePath) {
    for (const match of text.matchAll(NAME_VALUE_PAIR)) {
      const line = `${match[1]}: ${match[2]}`;
      if (LINE_RULES.some((rule) => !rule.find(line, filePath)[Symbol.iterator]().next().done)) {
        yield [match.index, match.index + match[0].length];
      }
    }
  },
};

/** Every rule of this module, in the order their notes are preferred. */
export const SECRET_RULES: readonly SecretRule[] = [
  ...TOKEN_RULES,
  SETTING_RULE,
  MULTI_LINE_VALUE_RULE,
  GENERIC_KEY_RULE,
  NAME_VALUE_PAIR_RULE,
  STRUCTURED_REQUEST_VALUE,
];

/**
 * The rules run on a text's logical lines (`split-secrets.ts`): all but those that read the
 * layout of physical lines (a key's body as lines of 64 characters), which on a logical line of
 * many would take all of them.
 */
export const JOINED_LINE_RULES: readonly SecretRule[] = SECRET_RULES.filter(
  (rule) => rule !== PRIVATE_KEY_BODY_RULE,
);
