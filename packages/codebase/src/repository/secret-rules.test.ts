/**
 * The rules of `secret-rules.ts` on texts made to slow a backtracking pattern down (long runs of
 * spaces, of names, of scheme characters, of BEGIN lines: a minified or generated file has lines
 * of megabytes) and on the ordinary texts they are for. Fake values are put together from pieces
 * so no file here matches a scanner's rule.
 */
import { describe, expect, it } from 'vitest';
import { SECRET_RULES } from './secret-rules.js';

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
    ['a setting name of expiries', `a${'0EXPIR'.repeat(SIZE / 6)}.a: x`],
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
      [lineAt(3), lineAt(5)],
    ]);
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
