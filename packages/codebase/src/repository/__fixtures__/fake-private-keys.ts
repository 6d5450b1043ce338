/**
 * Fake private key bodies for the secret scanner's tests: a real structure's first bytes (what
 * the rules read) and filler, put together when the tests run, so no file holds anything a
 * scanner, or a push protection, takes for a key.
 */

/** Filler bytes that look random (a linear congruential sequence). */
export function filler(count: number): Buffer {
  const bytes = Buffer.alloc(count);
  for (let index = 0, state = 7; index < count; index++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/** The base64 of `head` (bytes, or a Latin-1 string) and `size` filler bytes. */
export function fakeBase64(head: readonly number[] | string, size = 600): string {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, filler(size)]).toString('base64');
}

/** Bodies of each kind of private key the DER rule knows, by name. */
export const FAKE_KEYS = {
  'PKCS #1 RSA': fakeBase64([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00]),
  'PKCS #8': fakeBase64([0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09]),
  'SEC 1 EC': fakeBase64([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20], 120),
  OpenSSH: fakeBase64(['openssh-', 'key-v1\0'].join('')),
};

/** A text cut into lines of `width` characters. */
export function wrapped(text: string, width: number): string[] {
  return text.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
}
