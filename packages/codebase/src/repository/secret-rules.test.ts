/**
 * The rules of `secret-rules.ts` on texts made to slow a backtracking pattern down (long runs of
 * spaces, of names, of scheme characters, of BEGIN lines: a minified or generated file has lines
 * of megabytes) and on the ordinary texts they are for. Fake values are put together from pieces
 * so no file here matches a scanner's rule.
 */

import { randomTexts } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { SECRET_RULES, shannonEntropy } from './secret-rules.js';

const join = (...parts: string[]) => parts.join('');
/** Characters of each adversarial text: a quarter of a MiB. */
const SIZE = 256 * 1024;

/** The ranges each rule finds in `text`, by the rule's description, rules finding none left out. */
function found(text: string, filePath = 'config.yml'): Record<string, [number, number][]> {
  const result: Record<string, [number, number][]> = {};
  for (const rule of SECRET_RULES) {
    const ranges = [...rule.find(text, filePath)];
    if (ranges.length > 0) result[rule.what] = ranges;
  }
  return result;
}

describe('SECRET_RULES on long adversarial lines', () => {
  it.each([
    ['BEGIN lines with no key label', 'P-----BEGIN '.repeat(SIZE / 12)],
    ['spaces under a BEGIN line', `-----BEGIN RSA PRIVATE KEY-----\n${' '.repeat(SIZE)} -\n`],
    ['a scheme-like run with no scheme', 'A+'.repeat(SIZE / 2)],
    ['a word of secret names', 'TOKEN'.repeat(SIZE / 5)],
    ['a setting value of tabs', `t=-${'\t'.repeat(SIZE)}x`],
    ['spaces after a bearer scheme', `Authorization: Bearer ${' '.repeat(SIZE)}!`],
    ['encoded spaces after a bearer', `Bearer${'%20'.repeat(SIZE / 3)}!`],
    ['encoded query separators without a value', `?${'%26token'.repeat(SIZE / 8)}=`],
    ['a setting name of expiries', `a${'0EXPIR'.repeat(SIZE / 6)}.a: x`],
    ['END-line tails with no END', 'PRIVATE KEY-----'.repeat(SIZE / 16)],
    ['database clients asking for a password', 'mysql -p psql '.repeat(SIZE / 14)],
    ['DSN-like keys with no project', 'https://k1234567@h/'.repeat(SIZE / 19)],
    ['lines of hex digests', `${'0f'.repeat(32)}\n`.repeat(SIZE / 65)],
    ['netrc entries without a password', 'machine h login u '.repeat(SIZE / 18)],
    ['a pgpass-like host field with no colon', 'a\\:'.repeat(SIZE / 3)],
    ['pgpass-like fields of one line', `${'a'.repeat(SIZE)}:1:${'b'.repeat(SIZE)}:c`],
    ['XML start tags never closed', '<password a="b" '.repeat(SIZE / 16)],
    ['XML elements without text', '<password></password>'.repeat(SIZE / 21)],
    ['password options without a value', 'x --db-password --password-stdin '.repeat(SIZE / 33)],
    ['sshpass options without a password', `sshpass${' -v -P x'.repeat(SIZE / 8)}`],
    ['typed names without a default', '(pass: String '.repeat(SIZE / 14)],
    ['password words without a value', 'password is password: '.repeat(SIZE / 22)],
    ['a Dockerfile setting of many pairs', `ENV ${'a=b '.repeat(SIZE / 4)}`],
    ['SQL login statements with no password', 'CREATE USER x IDENTIFIED BY ? '.repeat(SIZE / 30)],
    ['SQL password keywords with no value', 'ALTER ROLE x PASSWORD '.repeat(SIZE / 22)],
    ['secure strings of no literal', 'ConvertTo-SecureString -AsPlainText '.repeat(SIZE / 36)],
    ['Terraform variables with no default', 'variable "db_password" {\n'.repeat(SIZE / 25)],
    ['assertion subjects with no matcher', 'expect(password).not.to.be '.repeat(SIZE / 27)],
    ['spaces after an assertion subject', `expect(user.password)${' '.repeat(SIZE)}x`],
    ['membership tests never closed', `password in (${'"", '.repeat(SIZE / 4)}`],
    ['literal lists with no test of a name', `["", "a"].includes(x) ${'("", '.repeat(SIZE / 4)}`],
    ['names of transforms and subscripts', `${"password.trim()['a']".repeat(SIZE / 21)} === ""`],
    ['names read by calls with a key', `${'getenv("PASSWORD").get(:a)'.repeat(SIZE / 27)} === ""`],
    ['calls by a key never closed', `x == ${'os.getenv("PASSWORD"'.repeat(SIZE / 20)}`],
    ['comparisons split on every line', 'if ("" ==\n'.repeat(SIZE / 9)],
    ['operators opening every line', '=== (password\n'.repeat(SIZE / 15)],
    [
      'switches nested deeper on every line',
      Array.from({ length: SIZE / 64 }, (_, i) => `${' '.repeat(i % 40)}switch (password) {`).join(
        '\n',
      ),
    ],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual({});
  });

  it('finds a secret-named setting whose value is tabs, a NUL and a comment', () => {
    const text = `pass: a${'\t'.repeat(SIZE)}\0\t#`;
    expect(found(text)).toEqual({ 'a secret-named setting': [[0, text.length]] });
  });

  it('finds a key, a URL with credentials and a setting after the long runs', () => {
    const key = join(
      '-----BEGIN ',
      'RSA PRIVATE KEY-----\nMIIB',
      'x'.repeat(60),
      '\n-----END RSA PRIVATE KEY-----',
    );
    const url = join('https://deploy', ':Fake', 'Pass@example.com');
    const text = `${'P-----BEGIN '.repeat(SIZE / 12)}\n${'A+'.repeat(SIZE / 2)} ${url}\n${key}\n`;
    const keyAt = text.indexOf('-----BEGIN RSA');
    const urlAt = text.indexOf(url);
    expect(found(text, 'notes.md')).toEqual({
      'a private key block': [[keyAt, keyAt + key.length]],
      'credentials in a URL': [[urlAt, urlAt + url.length]],
    });
  });
});

describe('SECRET_RULES on ordinary texts', () => {
  it('finds a key whose END line is missing, to the end of its body', () => {
    const text = join(
      '-----BEGIN ',
      'OPENSSH PRIVATE KEY-----\n',
      'Proc-Type: 4,ENCRYPTED  \n',
      `${'A'.repeat(64)}\n`,
      'end of the key!\n',
    );
    expect(found(text, 'id')).toEqual({ 'a private key block': [[0, text.indexOf('\nend')]] });
  });

  it('finds a URL with credentials from the first letter of its scheme', () => {
    const text = join('see -git+ssh', '://user:Fake', 'Pass@host/x');
    expect(found(text, 'README.md')).toEqual({
      'credentials in a URL': [[5, text.indexOf('/x')]],
    });
  });

  it('finds secret-named settings, without their comments and placeholders', () => {
    const text = [
      `- export DB_PASSWORD = "${join('Fake', 'Value9')}"   # the database`,
      'token_expiry: 3600',
      'api_key: changeme',
      'client_secret: |',
      `  ${join('Fake', 'Secret', 'Line')}`,
      'other: 1',
    ].join('\n');
    const lineAt = (index: number) =>
      text.split('\n').slice(0, index).join('\n').length + (index > 0 ? 1 : 0);
    expect(found(text, 'deploy/settings.yml')['a secret-named setting']).toEqual([
      [0, text.indexOf('\n')],
      [lineAt(3), lineAt(5) - 1],
    ]);
  });

  it('finds no secret in what only names, locates or templates one (trial 39)', () => {
    const template = join('const url = `postgres://$', '{user}:$', '{pass}@$', '{host}/app`;');
    expect(found(template, 'src/db.ts')).toEqual({});
    expect(found(join("const secretName = 'db-pass", "word';"), 'src/db.ts')).toEqual({});
    expect(
      found(join("tokenUrl = 'https://auth.example.com/", "oauth/token'"), 'src/a.ts'),
    ).toEqual({});
    const yaml = join('database:\n  pass', 'word: >-\n    $', '{DB_PASSWORD}\n  user: app\n');
    expect(found(yaml, 'config.yaml')).toEqual({});
    const real = join('database:\n  pass', 'word: >-\n    Fake', 'Value99\n  user: app\n');
    expect(found(real, 'config.yaml')['a secret-named setting']).toEqual([
      [10, real.indexOf('\n  user')],
    ]);
  });

  it('takes no name, path or version given to a secret-named name for a password (trial 45)', () => {
    const code = [
      join('const resetPath = { pass', "word: '/account/password/reset' };"),
      join('export const de = { pass', "word: 'Passwort' };"),
      join('export const ERRORS = { pass', "word: 'passwordTooWeak', token: 'tokenExpired' };"),
      join('const dbPass', "word = 'DB_PASSWORD_VALUE';"),
    ].join('\n');
    expect(found(code, 'src/i18n.ts')['a password or token literal']).toBeUndefined();
  });

  it('finds a password literal and a multi-line secret value', () => {
    const literal = join('dbPass', 'word = "', 'Fake', 'Value99"');
    const multiLine = join('privateKey', ' = `\n', 'Fake', '\n`');
    const text = `${literal};\n${multiLine};\n`;
    const result = found(text, 'src/app.ts');
    expect(result['a password or token literal']).toEqual([[2, literal.length]]);
    expect(result['a multi-line secret value']).toEqual([
      [literal.length + 2, literal.length + 2 + multiLine.length],
    ]);
  });
});

describe('SECRET_RULES on secrets glued to text, encoded or in HTTP headers', () => {
  // Found by fresh-user trial 17: each of these was shown in a diagnosis's title and root cause.
  const github = join('gh', 'p_', 'Q7w'.repeat(12));
  const aws = join('AK', 'IA', 'QWERTYUIOPASDFGH');
  const stripe = join('sk', '_live_', 'a1B2c3D4e5F6g7H8');
  const rules = (text: string) => Object.keys(found(text, 'crash.log'));
  it.each([
    [`redirect to /cb?next=https%3A%2F%2Fh%2Fapi%3Ftoken%3D${github}%26x%3D1`, 'a GitHub token'],
    [`bad key x${aws}`, 'an AWS access key ID'],
    [`at ${aws}fn (app.js:1:2)`, 'an AWS access key ID'],
    [`  File "a.py", line 3, in stringify_${stripe}`, 'a Stripe key'],
    [`Authorization%3A%20Bearer%20${stripe}`, 'a Stripe key'],
    [`Authorization: Basic ${join('Ym9i', 'OnNlY3JldA==')}`, 'an Authorization header'],
    [`curl -H 'authorization: bearer ${join('Zk9', 'x'.repeat(30))}'`, 'an Authorization header'],
    [`token is Bearer ${join('Zk9', 'q'.repeat(30))}`, 'a bearer token'],
    [`GET /login?user=bob&password=${join('hun', 'ter2!x')} 500`, 'a secret-named query parameter'],
    [
      `dsn https://${join('0123456789abcdef', '0123456789abcdef')}@o1.ingest.sentry.io/42`,
      'a Sentry DSN',
    ],
    // Found by fresh-user trial 18.
    [`a%253Ftoken%253D${github}`, 'a GitHub token'],
    [`fooD${github} and 9${github}`, 'a GitHub token'],
    [`a%253D${aws}`, 'an AWS access key ID'],
    // Found by fresh-user trial 26: after a digit, and after a triple-encoded `=`.
    [`bad config while sending 0${aws}`, 'an AWS access key ID'],
    [`key%25253D${aws} id=7${aws}`, 'an AWS access key ID'],
    [`token%25253D${join('np', 'm_', 'Ab1'.repeat(12))}`, 'an npm token'],
    // A token right behind a glued one's prefix: the glued match is not one, the next one is.
    [`x${join('AI', 'za')}_${join('AI', 'za')}${'Qw3-'.repeat(9)}`, 'a Google API key'],
    [`      "Basic ${Buffer.from('admin:pw').toString('base64')}"`, 'a Basic credential'],
    [`401 Cookie: session=${join('Zk9', 'q1'.repeat(20))}`, 'a cookie'],
    [`Set-Cookie: sid=${join('Ab3', 'x9'.repeat(8))}; Path=/`, 'a cookie'],
    [
      `GET https://b.s3.amazonaws.com/k?X-Amz-Signature=${'0f'.repeat(32)}&x=1`,
      'a secret-named query parameter',
    ],
    // Found by fresh-user trial 20: a Sentry event's request headers and cookies, pretty-printed.
    [
      `"headers": [\n  [\n    "X-Api-Key",\n    "${join('xko', 'OOL8dKLzdocJ2isAjIhKtJ0R')}"\n  ]`,
      'a secret header, cookie or setting given as a name–value pair',
    ],
    [
      `[\n  "Cookie",\n  "sid=${join('ckm', 'xgJTeKdNnFRIBXuDL7Dx')}"\n]`,
      'a secret header, cookie or setting given as a name–value pair',
    ],
    [`"cookies": "sid=${join('csK', 'Y40uvSwMFLZDe1f8rE')}",`, 'a cookie'],
    // Found by trial 20's re-check: a cookie after the first, and cookies as an object or pairs.
    [`Cookie: theme=dark; sessionid=${join('q8T', 'zk2LmW9xPv4')}; lang=en`, 'a cookie'],
    [`"cookies": "lang=en; sid=${join('q8T', 'zk2LmW9xPv4')}"`, 'a cookie'],
    [
      `"cookies": {\n  "sid": "${join('q8T', 'zk2LmW9xPv4')}"\n}`,
      'a secret cookie or query parameter of a request',
    ],
    [
      `"cookies": [["sid", "${join('q8T', 'zk2LmW9xPv4')}"]]`,
      'a secret cookie or query parameter of a request',
    ],
    [
      `"query_string": "token=${join('q8T', 'zk2LmW9xPv4')}&page=2"`,
      'a secret-named query parameter',
    ],
  ])('finds the secret in %j (%s)', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });
  it.each([
    'the Bearer of bad news, and Basic usage',
    join('headers: { Authorization: `Bearer $', "{token}` }, fetch('/api?token=' + token)"),
    join('GET /list?page=2&key=$', '{key}&password=*** 200'),
    'a task_live_stream flag and AKIAfoo, and xAKIAQWERTY',
    'see https://sentry.io/organizations/acme/issues/42/',
    // Found by fresh-user trial 18: the line that says what went wrong was withheld.
    'GET https://a.example/v1/me?access_token=undefined returned 401',
    'Authorization: Bearer undefined, Authorization: Bearer null',
    '?token=expired and ?access_token=REDACTED',
    'Authorization: Basic realm="api", Authorization: Bearer is required',
    'Authorization: Bearer <YOUR_TOKEN>, Authorization: Bearer YOUR_API_TOKEN',
    'Basic usage: Basic auth is off; Cookie: theme=dark',
    '"headers": [["Content-Type", "application/json"], ["X-Api-Key", "undefined"]]',
    '[\n  "Cookie",\n  "theme=dark"\n], ["api", "v2"], ["token", "expired"]',
    '"cookies": {"theme": "dark", "lang": "en"}, "query_string": [["page", "2"], ["sort", "newest"]]',
  ])('finds nothing in %j', (text) => {
    expect(rules(text)).toEqual([]);
  });
});

describe('SECRET_RULES on a key body without its BEGIN line, database passwords, Sentry DSNs', () => {
  // Found by a fresh-user trial: each of these was shown. A key's body is built at run time:
  // the base64 of a phrase, wrapped at 64 characters as RFC 7468 wraps PEM.
  const base64 = Buffer.from('not a real key, only its shape. '.repeat(8)).toString('base64');
  const wrapped = (width: number) => base64.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
  const body = wrapped(64).join('\n');
  const end = join('-----END ', 'RSA PRIVATE', ' KEY-----');
  const password = join('Fa', 'ke', 'Pw9!x');
  const rules = (text: string) => Object.keys(found(text, 'crash.log'));
  it.each([
    [body, 'a private key body'],
    [`${wrapped(64).slice(-2).join('\n')}\n${end}`, 'a private key body'],
    [`    ${wrapped(70).join('\n    ')}\n    ${end}`, 'a private key body'],
    [`> ${wrapped(64).join('\n> ')}`, 'a private key body'],
    [`"key": "${wrapped(64).join('\\n')}\\n${end}\\n"`, 'a private key body'],
    [`$ mysql -h db -u root -p${password} shop`, 'a database password on a command line'],
    [`mysqldump -uroot -p'${password}' shop > dump.sql`, 'a database password on a command line'],
    [`mysql --password=${password} -e 'select 1'`, 'a database password on a command line'],
    [
      `subprocess.run(["mysql", "-uroot", "-p${password}"])`,
      'a database password on a command line',
    ],
    [`PGPASSWORD=${password} psql -h db -U app`, 'a database password on a command line'],
    [`psql "host=db user=app password=${password}"`, 'a database password on a command line'],
    [`MYSQL_PWD="${password}" mysql -uroot`, 'a database password on a command line'],
    [`dsn https://${join('abc_DEF', '-123')}@o1.ingest.sentry.io/5`, 'a Sentry DSN'],
    [
      `SENTRY_DSN=http://${join('k3y', 'Q'.repeat(20))}@sentry.example.com:9000/sub/42`,
      'a Sentry DSN',
    ],
    [
      `https://${join('abc_DEF', '-123')}:${password}@o1.ingest.sentry.io/5`,
      'credentials in a URL',
    ],
  ])('finds the secret in %j (%s)', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });
  it.each([
    ['a certificate', `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`],
    [
      'a PGP public key',
      `-----BEGIN PGP PUBLIC KEY BLOCK-----\nVersion: x 1\n\n${body}\n=AbCd\n-----END PGP PUBLIC KEY BLOCK-----`,
    ],
    ['one line of base64', `see ${wrapped(64)[0]}\n${wrapped(64)[0]} here`],
    ['hex digests', `${'0f1e'.repeat(16)}\n${'a9b8'.repeat(16)}\n${'77'.repeat(32)}`],
    [
      'lockfile integrity lines',
      `  integrity sha512-${base64.slice(0, 86)}==\n  "integrity": "sha512-${base64.slice(0, 86)}=="`,
    ],
    ['a minified line', `!function(e){var t={};${'function n(r){return t[r]}'.repeat(4)}}([]);`],
    ['an END line in a message', `throw new Error('expected ${end}');\n${end}`],
    [
      'clients that prompt',
      'mysql -h db -P 3306 -u root -p shop\nmysql --password -uroot\npsql -W',
    ],
    [
      'variables and placeholders',
      `mysql -uroot -p$MYSQL_PASSWORD; mysql "-p$${'{'}PW}"; PGPASSWORD=$PG psql; mysql --password=<password>`,
    ],
    ['a port mapping', 'docker run --name mysql -p3306:3306 mysql:8'],
    ['a URL with a user name', 'clone https://octocat@github.com/acme/app/pull/42'],
  ])('finds nothing in %s', (_name, text) => {
    expect(rules(text)).toEqual([]);
  });
});

/** The rule of `what` as its patterns found, as the reference for the scans that replace them. */
const REFERENCE: Record<string, (text: string) => [number, number][]> = {
  'a private key block': (text) => {
    const begin = /-----BEGIN [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g;
    const end = /-----END [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g;
    const header = /^\s*[A-Za-z-]+: [\w ,-]+\s*$/;
    // A line (or a piece between JSON's `\n` escapes) of a body between BEGIN and END, as code
    // decorates one: quotes, operators, comment markers, a literal's prefix.
    const decoration = String.raw`[ \t\r"'\`+.,;&|)\]}>#*\\]*`;
    const decorated = new RegExp(
      String.raw`^${decoration}(?:(?:\/\/|--)[ \t]${decoration})*(?:(?:[rRbBuUfFL]{1,2}|@|\$|u8)["'\`])?(?:[A-Za-z0-9+/=]*|[A-Za-z-]{1,40}: [\w ,-]*)${decoration}$`,
    );
    const ranges: [number, number][] = [];
    for (const match of text.matchAll(begin)) {
      const from = match.index + match[0].length;
      end.lastIndex = from;
      const found = end.exec(text.slice(0, from + 16_384));
      const between = found ? text.slice(from, found.index).split(/\n|\\[nr]/) : [];
      // The END line's own piece is not read, unless the BEGIN line's holds it.
      const read = between.length === 1 ? between : between.slice(0, -1);
      if (found && read.every((segment) => decorated.test(segment))) {
        ranges.push([match.index, found.index + found[0].length]);
        continue;
      }
      let stop = text.indexOf('\n', from);
      const rest = text.slice(from, stop === -1 ? text.length : stop);
      let lines = 0;
      // Headers and a blank line after them, then base64 of one width and a shorter last line.
      let width = 0;
      let headers = false;
      while (stop !== -1) {
        const next = text.indexOf('\n', stop + 1);
        const line = text.slice(stop + 1, next === -1 ? text.length : next).trim();
        if (line === '') {
          if (!headers || width > 0) break;
          headers = false;
        } else if (!/^[A-Za-z0-9+/=]+$/.test(line)) {
          if (width > 0 || !header.test(line)) break;
          headers = true;
        } else if (width === 0 || line.length === width) {
          width = line.length;
        } else {
          if (line.length < width && (line.length >= 8 || /[\d+/=]/.test(line))) {
            stop = next;
            lines++;
          }
          break;
        }
        stop = next;
        lines++;
      }
      if (lines === 0 && !/[A-Za-z0-9+/]{16,}/.test(rest)) continue;
      ranges.push([match.index, stop === -1 ? text.length : stop]);
    }
    return ranges;
  },
  'a high-entropy value of a secret-named setting': (text) => {
    const assignment =
      /([\w.-]{0,50}?(?:access|auth|api|credential|creds|key|passw(?:or)?d|secret|token)[\w.-]{0,20})[\s'"]{0,3}(?:=|:{1,3}=|:|=>|\?=)[`'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?=[`'"\s;,)]|\\[nr]|$)/gim;
    // The parts below make no name that only points at a secret (`token_url`), so the rule's
    // other checks are the value's.
    return [...text.matchAll(assignment)].flatMap((match): [number, number][] => {
      const [whole, , value = ''] = match;
      if (/^[A-Za-z_.-]+$/.test(value) || shannonEntropy(value) < 3.5) return [];
      return [[match.index, match.index + whole.length]];
    });
  },
};

describe('SECRET_RULES against the patterns they replace', () => {
  const ruleOf = (what: string) => {
    const rule = SECRET_RULES.find((candidate) => candidate.what === what);
    if (!rule) throw new Error(`no rule ${what}`);
    return (text: string) => [...rule.find(text, 'a.ts')];
  };

  it('finds the private key blocks the BEGIN and END patterns found', () => {
    const keys = ruleOf('a private key block');
    const parts = [
      ...['-----BEGIN ', '-----END ', 'PRIVATE KEY', 'PRIVATE KEY-----', ' BLOCK-----', 'RSA '],
      ...['-----', '-', '\n', '\r', ' ', 'x', 'MIIB', 'A'.repeat(16), 'Proc-Type: 4,ENCRYPTED'],
      'Z'.repeat(6_000),
    ];
    for (const text of randomTexts(1, parts, 20_000, 14)) {
      expect(keys(text), JSON.stringify(text)).toEqual(REFERENCE['a private key block']?.(text));
    }
  });

  it('finds the high-entropy values the assignment pattern found', () => {
    const generic = ruleOf('a high-entropy value of a secret-named setting');
    const parts = [
      ...['key', 'KEY', 'token', 'api', 'passwd', 'password', 'credentials', 'Secret'],
      ...['a', '0', '.', '-', '_', '=', ':', '::=', '=>', '?=', ' ', '"', "'", '`', '\n', '\\n'],
      ...[';', ')', 'aB3dE5gH7jK9', 'ab0+/', '+', 'x'.repeat(20), 'x'.repeat(45), 'Zq8'.repeat(60)],
    ];
    for (const text of randomTexts(2, parts, 20_000, 14)) {
      expect(generic(text), JSON.stringify(text)).toEqual(
        REFERENCE['a high-entropy value of a secret-named setting']?.(text),
      );
    }
  });

  it.each([
    ['BEGIN lines with a body check on one line', '-----BEGIN PRIVATE KEY-----a'],
    [
      'BEGIN lines and runs of END lines',
      `-----BEGIN PRIVATE KEY-----a${'-----END '.repeat(100)}a`,
    ],
    ['a word of keywords given a value', 'keykeykeykeykeykeykeykeykey='],
    ['a word of api keys', 'apikeyapikey-'],
  ])('reads a MiB line of %s in one pass', (_name, unit) => {
    expect(found(unit.repeat(2 ** 20 / unit.length))).toEqual({});
  });
});
