/**
 * A private key's body between its BEGIN and END lines, as code writes it, and what is no body.
 */
import { describe, expect, it } from 'vitest';
import { createKeyBodySpanCheck, isBodySegment } from './key-body-span.js';
import { PRIVATE_KEY_RULE } from './private-key-rule.js';

const BEGIN = ['-----BEGIN ', 'PRIVATE KEY-----'].join('');
const END = ['-----END ', 'PRIVATE KEY-----'].join('');

describe('isBodySegment', () => {
  it.each([
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
    '  "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\',
    '" + "MIIEvQIBADAN" +',
    "    b'MIIEvQIBADAN'",
    '// MIIEvQIBADAN',
    '> MIIEvQIBADAN==',
    'Proc-Type: 4,ENCRYPTED',
    '");',
    '',
  ])('takes %j for a body line', (line) => {
    expect(isBodySegment(line, 0, line.length)).toBe(true);
  });

  it.each(['return pem.trim();', 'parse();', 'const END = ', 'x = 1', '-----BEGIN RSA'])(
    'takes %j for no body line',
    (line) => {
      expect(isBodySegment(line, 0, line.length)).toBe(false);
    },
  );
});

describe('createKeyBodySpanCheck', () => {
  it('reads the lines and the \\n-escaped pieces between BEGIN and END', () => {
    const text = `"${BEGIN}\\nMIIEvQIBADAN\\nBgkqhkiG9w0B\\n${END}"\nconst BEGIN = '${BEGIN}';\nparse();\nconst END = '${END}';`;
    const check = createKeyBodySpanCheck(text);
    const spans = [...text.matchAll(/-----BEGIN /g)].map((begin, index) => {
      const from = text.indexOf('-----', (begin.index ?? 0) + 11) + 5;
      const endAt = [...text.matchAll(/-----END /g)][index]?.index ?? 0;
      return check(from, endAt);
    });
    expect(spans).toEqual([true, false]);
  });

  it('reads a MiB line of BEGIN and END lines, and one of BEGIN lines with code between', () => {
    const pairs = `${BEGIN}x${END}`.repeat(20_000);
    const begins = `${BEGIN} parse(pem, x); `.repeat(30_000) + END;
    expect([...PRIVATE_KEY_RULE.find(pairs, '')]).toHaveLength(20_000);
    expect([...PRIVATE_KEY_RULE.find(begins, '')]).toEqual([]);
  });
});
