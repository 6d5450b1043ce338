/**
 * Secrets split over several lines, through the scanner: each form is withheld on exactly the
 * lines it spans; ordinary code joined across lines is not; long texts are read in linear time.
 * Fake values are put together from pieces so no file here matches a scanner's rule.
 */
import { describe, expect, it } from 'vitest';
import { FAKE_KEYS, wrapped } from './__fixtures__/fake-private-keys.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const TOKEN = join('gh', 'p_', 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7j');
const BASIC = Buffer.from(join('admin:', 'Sup3rS3cret', 'Passw0rd')).toString('base64');

/** The 1-based lines `scanSecrets` withholds in `text`. */
async function withheld(text: string, file?: string): Promise<number[]> {
  const scan = await scanSecrets(text, file);
  return [...scan.lines.keys()].sort((a, b) => a - b);
}

describe('scanSecrets finds a secret split across lines', () => {
  it.each([
    [
      'a JavaScript concatenation',
      'src/a.ts',
      `a();\nconst t = "${TOKEN.slice(0, 4)}" +\n  "${TOKEN.slice(4)}";\nb();\n`,
      [2, 3],
    ],
    [
      'three literals, the operator first',
      'src/a.js',
      `a();\nconst t = '${TOKEN.slice(0, 9)}'\n  + '${TOKEN.slice(9, 25)}'\n  + '${TOKEN.slice(25)}';\nb();\n`,
      [2, 3, 4],
    ],
    [
      "Python's implicit concatenation",
      'src/a.py',
      `a = 1\nTOKEN = (\n    "${TOKEN.slice(0, 14)}"\n    "${TOKEN.slice(14)}"\n)\nb = 2\n`,
      [3, 4],
    ],
    [
      'a Go concatenation',
      'src/a.go',
      `package a\nvar t = "${TOKEN.slice(0, 14)}" +\n\t"${TOKEN.slice(14)}"\nvar b = 2\n`,
      [2, 3],
    ],
    [
      'a Go raw string',
      'src/a.go',
      `package a\nvar t = \`${TOKEN.slice(0, 14)}\n${TOKEN.slice(14)}\`\nvar b = 2\n`,
      [2, 3],
    ],
    [
      'a token hard-wrapped at 76 columns in Markdown',
      'docs/a.md',
      `Intro.\n${'Set the token to '.padEnd(56, '.')}${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)} and go on.\nEnd.\n`,
      [2, 3],
    ],
    [
      'a token wrapped at 80 columns in a report',
      undefined,
      `Auth failed with token\n${'x '.repeat(30)}${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)} end\nnext\n`,
      [2, 3],
    ],
    [
      'a base64 credential continued by a backslash',
      'run.sh',
      `echo hi\ncurl -H "Authorization: Basic ${BASIC.slice(0, 10)}\\\n${BASIC.slice(10)}" https://x\necho bye\n`,
      [2, 3],
    ],
    [
      'a token continued by a backslash',
      'run.sh',
      `echo hi\nexport GH=${TOKEN.slice(0, 18)}\\\n${TOKEN.slice(18)}\necho bye\n`,
      [2, 3],
    ],
    [
      'a YAML block scalar',
      'ci.yml',
      `a: 1\nenv:\n  value: >-\n    ${TOKEN.slice(0, 18)}\n    ${TOKEN.slice(18)}\nb: 2\n`,
      [4, 5],
    ],
  ])('%s', async (_, file, text, lines) => {
    expect(await withheld(text, file)).toEqual(lines);
  });

  it.each([
    ['an OpenSSH body at 70 columns', FAKE_KEYS.OpenSSH, 70],
    ['a PKCS #1 body at 76 columns', FAKE_KEYS['PKCS #1 RSA'], 76],
  ])('%s with no BEGIN or END line, its lines only', async (_, body, width) => {
    const lines = wrapped(body, width);
    const text = `Here is what I ran:\n${lines.join('\n')}\nThanks, Bob\n`;
    expect(await withheld(text)).toEqual(lines.map((_, index) => index + 2));
  });

  it('a key body in a YAML block scalar, without its key line', async () => {
    const lines = wrapped(FAKE_KEYS['PKCS #8'], 76).map((line) => `    ${line}`);
    const text = `tls:\n  key: |\n${lines.join('\n')}\n  port: 443\n`;
    expect(await withheld(text, 'deploy/values.yaml')).toEqual(lines.map((_, index) => index + 3));
  });

  it('a key body in a JSON value with \\n escapes and no BEGIN line', async () => {
    const text = `{\n  "pem": "${wrapped(FAKE_KEYS['PKCS #8'], 64).join('\\n')}\\n",\n  "x": 1\n}\n`;
    expect(await withheld(text, 'service.json')).toEqual([2]);
  });

  it('names the rule and that the secret was split', async () => {
    const scan = await scanSecrets(`const t = "${TOKEN.slice(0, 4)}" +\n  "${TOKEN.slice(4)}";\n`);
    expect([...scan.lines.values()]).toEqual(
      Array(2).fill('secretlint rule github, split across lines'),
    );
  });
});

describe('scanSecrets leaves alone, across lines', () => {
  it.each([
    [
      'a long line ending in a token, then code',
      `const npmrc = "//r/:_auth${'Token'}=" +\n  "\${NPM_TOKEN}";\nconst b = 2;\n`,
    ],
    [
      'concatenated messages',
      `throw new Error("could not read the token " +\n  "from the environment: " + name);\n`,
    ],
    ['a wrapped paragraph', `${'word '.repeat(14)}version2\nvalue3 and more words follow here\n`],
    ['a YAML script block', 'steps:\n  - run: |\n      npm ci\n      npm test -- --token=$TOKEN\n'],
    [
      'command-line options on lines of their own',
      '-Djavax.net.ssl.keyStore=/path/to/keystore.jks\n-Djavax.net.ssl.keyStorePassword=changeit\n-Djdk.tls.client.protocols=TLSv1.3\n',
    ],
  ])('%s', async (_, text) => {
    expect(await withheld(text, 'src/a.ts')).toEqual([]);
  });

  it('the lines around a key block concatenated from literals', async () => {
    const quoted = (line: string) => `      "${line}\\n" +`;
    const key = [
      join('-----BEGIN ', 'PRIVATE KEY-----'),
      ...wrapped(FAKE_KEYS['PKCS #8'], 64),
      join('-----END ', 'PRIVATE KEY-----'),
    ];
    const text = [
      'String material =',
      quoted('Bag Attributes'),
      quoted('    friendlyName: 1'),
      ...key.map(quoted),
      quoted('Bag Attributes'),
      quoted(join('-----BEGIN ', 'CERTIFICATE-----')),
      quoted('MIIDdzCCAl+gAwIBAgIEbuJ8EzANBgkqhkiG9w0BAQsFADBsMRAwDgYDVQQGEwdV'),
      `      "${join('-----END ', 'CERTIFICATE-----')}\\n";`,
      'return material;',
    ].join('\n');
    expect(await withheld(text, 'src/Test.java')).toEqual(key.map((_, index) => index + 4));
  });

  it('reads a 1 MB text of joined lines and a 100,000-character line', async () => {
    const joined = `x = "${'aB3'.repeat(9)}" +\n`.repeat(30_000);
    const wrappedRuns = `${'Ab3dEf6h'.repeat(8)}\n`.repeat(15_000);
    const long = `k = "${'a\\'.repeat(50_000)}\n${'+ "'.repeat(30_000)}`;
    for (const text of [joined, wrappedRuns, long]) {
      expect((await scanSecrets(text, 'src/a.py')).file).toBe(null);
    }
  });
});
