/**
 * A private key's base64 body found by what it decodes to (fake keys from `__fixtures__`).
 */
import { describe, expect, it } from 'vitest';
import {
  fakeBase64 as base64,
  FAKE_KEYS,
  filler,
  wrapped,
} from './__fixtures__/fake-private-keys.js';
import { PRIVATE_KEY_DER_RULE } from './private-key-der-rule.js';

function found(text: string): [number, number][] {
  return [...PRIVATE_KEY_DER_RULE.find(text, '')];
}

describe('PRIVATE_KEY_DER_RULE', () => {
  it.each(Object.entries(FAKE_KEYS))('finds a %s body on one line', (_, body) => {
    const text = `key = "${body}";`;
    expect(found(text)).toEqual([[7, 7 + body.length]]);
  });

  it("finds a body with JSON's \\n escapes, whole", () => {
    const body = wrapped(FAKE_KEYS['PKCS #8'], 64).join('\\n');
    const text = `{"pem": "${body}\\n"}`;
    expect(found(text)).toEqual([[9, 9 + body.length]]);
  });

  it.each([
    ['a certificate', base64([0x30, 0x82, 0x03, 0x0a, 0x30, 0x82, 0x01, 0xf2, 0xa0, 0x03])],
    ['a public key', base64([0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86])],
    ['a PKCS #1 public key', base64([0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00])],
    ['random bytes', filler(600).toString('base64')],
    ['a short structure', base64([0x30, 0x20, 0x02, 0x01, 0x00, 0x02], 40)],
  ])('leaves %s alone', (_, body) => {
    expect(found(`x = "${body}"`)).toEqual([]);
  });

  it('starts a body only where its run starts', () => {
    expect(found(`x = "QUJD${FAKE_KEYS['PKCS #1 RSA']}"`)).toEqual([]);
  });
});
