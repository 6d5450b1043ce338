/**
 * A private key's base64 body known by what it decodes to, wherever it is and however it is
 * wrapped: an OpenSSH key (`openssh-key-v1`, wrapped at 70 columns, which the 64-column rule of
 * `private-key-body-rule.ts` does not read), or a DER structure only private keys have (PKCS #1
 * RSA, DSA and SEC 1 EC keys, PKCS #8 plain and encrypted, PKCS #12 stores). A certificate or a
 * public key decodes to other structures and is left alone. The body may be one run, a run with
 * JSON's `\n` escapes inside (a service-account file's `private_key` value), or the joined lines
 * of the multi-line pass (`multi-line-secrets.ts`). Only the first bytes are decoded, so a text is
 * read once whatever its size.
 */
import type { SecretRule } from './secret-rule.js';

/**
 * Where such a body may start: the base64 of `0x30 0x8x` or `0x30 0x4x-0x7x` (a DER SEQUENCE:
 * `MI`, `MH`, `ME`, `MF`, `MG`) or of `openssh-key-v1`; the structure is checked after decoding.
 */
const BODY_START = /(?:M[EFGHI]|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{14}/g;
/** The body's run from its start: base64, with JSON's `\n` and `\r` escapes between its pieces. */
const BODY_RUN = /(?:[A-Za-z0-9+/]|\\[nr])+={0,2}/y;
/** Fewest base64 characters of a body: a P-256 EC key (121 bytes) takes 164. */
const MIN_BODY_CHARS = 100;
/** Base64 characters decoded to read the structure's first bytes. */
const HEAD_CHARS = 32;
/** The object identifiers of encrypted PKCS #8 keys (PBES2 and PKCS #12 PBE), in DER. */
const ENCRYPTED_KEY_OIDS = ['2a864886f70d01050d', '2a864886f70d010c01'];

/** Whether a character code is in the base64 alphabet without padding, `[A-Za-z0-9+/]`. */
export function isBase64Code(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47
  );
}

/** The index after a DER length at `at` and the length it gives, or undefined when none. */
function derLength(bytes: Buffer, at: number): { next: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined) return undefined;
  if (first < 0x80) return { next: at + 1, length: first };
  const count = first & 0x7f;
  if (count === 0 || count > 2 || at + count >= bytes.length) return undefined;
  let length = 0;
  for (let index = 1; index <= count; index++) length = length * 256 + (bytes[at + index] ?? 0);
  return { next: at + 1 + count, length };
}

/**
 * Whether decoded bytes begin as a private key does: `openssh-key-v1\0`; or a SEQUENCE of at
 * least 64 bytes holding first a small INTEGER version (0, 1, or 3 for PKCS #12) and then what
 * that key kind holds next (an INTEGER, an OCTET STRING or a SEQUENCE); or a SEQUENCE whose first
 * element is the algorithm of an encrypted PKCS #8 key.
 */
export function isPrivateKeyHead(bytes: Buffer): boolean {
  if (bytes.subarray(0, 15).toString('latin1') === 'openssh-key-v1\0') return true;
  if (bytes[0] !== 0x30) return false;
  const outer = derLength(bytes, 1);
  if (!outer || outer.length < 64) return false;
  const at = outer.next;
  if (bytes[at] === 0x02 && bytes[at + 1] === 0x01) {
    const version = bytes[at + 2];
    const next = bytes[at + 3];
    if (version === 0 || version === 1) return next === 0x02 || next === 0x04 || next === 0x30;
    return version === 3 && next === 0x30;
  }
  if (bytes[at] !== 0x30) return false;
  const inner = derLength(bytes, at + 1);
  if (!inner || bytes[inner.next] !== 0x30) return false;
  const algorithm = derLength(bytes, inner.next + 1);
  if (!algorithm || bytes[algorithm.next] !== 0x06) return false;
  const oid = bytes.subarray(
    algorithm.next + 2,
    algorithm.next + 2 + (bytes[algorithm.next + 1] ?? 0),
  );
  return ENCRYPTED_KEY_OIDS.includes(oid.toString('hex'));
}

/** A base64 private key body, by the structure it decodes to (see the module's header). */
export const PRIVATE_KEY_DER_RULE: SecretRule = {
  what: 'a private key body',
  *find(text) {
    const starts = new RegExp(BODY_START);
    const run = new RegExp(BODY_RUN);
    for (let start = starts.exec(text); start; start = starts.exec(text)) {
      const at = start.index;
      const before = text.charCodeAt(at - 1);
      // A body starts its run (an escape's `n` before it is an escape, not base64).
      const escaped = at >= 2 && text.charCodeAt(at - 2) === 92;
      if (at > 0 && isBase64Code(before) && !escaped) {
        starts.lastIndex = at + 1;
        continue;
      }
      run.lastIndex = at;
      const body = run.exec(text)?.[0] ?? '';
      starts.lastIndex = at + Math.max(1, body.length);
      const plain = body.replace(/\\[nr]/g, '');
      if (plain.length < MIN_BODY_CHARS) continue;
      if (!isPrivateKeyHead(Buffer.from(plain.slice(0, HEAD_CHARS), 'base64'))) continue;
      yield [at, at + body.length];
    }
  },
};
