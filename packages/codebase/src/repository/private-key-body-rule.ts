/**
 * A private key's body quoted without its BEGIN line: a report that pastes only the base64 lines,
 * or the END line and the body above it, which `private-key-rule.ts` (it starts at a BEGIN line)
 * does not see. PEM as RFC 7468 writes it: base64 wrapped at 64 characters a line, the last line
 * shorter, between `-----BEGIN label-----` and `-----END label-----` lines. Each line is read once
 * (the walks up from END lines stop at the END line above, which is no body line).
 */
import { isKeyBodyLine } from './private-key-rule.js';
import type { SecretRule } from './secret-rule.js';

/** A PEM line as RFC 7468 wraps it (section 2: "exactly 64 printable characters"). */
const FULL_LINE = /^[A-Za-z0-9+/]{64}$/;
/** A line of the base64 alphabet, its padding included. */
const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;
/** Sixteen characters of base64: the text before an END line holds a key's body. */
const BASE64_RUN = /[A-Za-z0-9+/]{16}/;
/** A PEM boundary line and its label (RFC 7468 section 3, the label's characters as gitleaks reads them). */
const BOUNDARY = /^-----(BEGIN|END) ([A-Z0-9 _-]{1,64})-----$/;
/** Longest label read before an END line's `PRIVATE KEY` (`ENCRYPTED`, `OPENSSH`, `PGP`, …). */
const MAX_LABEL_PREFIX = 64;
/** Most header or blank lines between a body and its boundary line (PGP armor's `Version:`, …). */
const MAX_HEADER_LINES = 8;

/** A line as a body line is read: without its indent, its Markdown quote markers and its `\r`. */
function content(line: string): string {
  return line.replace(/^[\s>]+/, '').trimEnd();
}

/**
 * Where the END line of a private key starts in a line, or -1: a `-----END ` at most 64 label
 * characters (`[A-Z0-9 _-]`) before `PRIVATE KEY-----` or `PRIVATE KEY BLOCK-----`. Each
 * `PRIVATE KEY` looks back at most 73 characters, so a line of many is read in linear time.
 */
function privateKeyEndAt(line: string): number {
  for (let at = line.indexOf('PRIVATE KEY'); at !== -1; at = line.indexOf('PRIVATE KEY', at + 11)) {
    if (!line.startsWith('-----', at + 11) && !line.startsWith(' BLOCK-----', at + 11)) continue;
    const before = line.slice(Math.max(0, at - MAX_LABEL_PREFIX - 9), at);
    const begin = before.lastIndexOf('-----END ');
    if (begin !== -1 && /^[A-Z0-9 _-]*$/.test(before.slice(begin + 9))) {
      return at - before.length + begin;
    }
  }
  return -1;
}

/**
 * The last line of a PEM body: base64 and its padding, at most 64 characters and a multiple of 4
 * (so is the whole body, and every full line), and 8 or more characters or with a digit, `+`,
 * `/` or `=` among them: a word below the body (`Thanks`, `done`) is not one.
 */
function isLastLine(line: string): boolean {
  return (
    BASE64_LINE.test(line) &&
    line.length <= 64 &&
    line.length % 4 === 0 &&
    (line.length >= 8 || /[\d+/=]/.test(line))
  );
}

/** A full PEM line that is not a hex digest (64 hex digits: a SHA-256) and mixes cases, as base64 does. */
function isFullLine(line: string): boolean {
  return FULL_LINE.test(line) && /[a-z]/.test(line) && /[A-Z]/.test(line);
}

/**
 * The PEM boundary line (`-----BEGIN label-----` or `-----END label-----`) that bounds a body
 * from the line `from` on, looking up (`step` -1) or down (1) past at most
 * {@link MAX_HEADER_LINES} header, checksum (PGP armor's `=abcd`) or blank lines; undefined when
 * another line comes first.
 */
function boundary(
  lines: readonly string[],
  from: number,
  step: 1 | -1,
): { kind: string; label: string } | undefined {
  for (let index = from; index >= 0 && index < lines.length; index += step) {
    const line = content(lines[index] ?? '');
    const found = BOUNDARY.exec(line);
    if (found) return { kind: found[1] ?? '', label: found[2] ?? '' };
    if (Math.abs(index - from) >= MAX_HEADER_LINES) return undefined;
    if (line !== '' && !/^=[A-Za-z0-9+/]{4}$/.test(line) && !isKeyBodyLine(line)) return undefined;
  }
  return undefined;
}

/** Whether a boundary line names a private key (`RSA PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`). */
function isPrivate(found: { label: string } | undefined): boolean {
  return found?.label.includes('PRIVATE KEY') ?? false;
}

/**
 * A private key's body without its BEGIN line: the base64 lines right above an
 * `-----END … PRIVATE KEY-----` line (its last line, and above that lines of one width, as a PEM
 * or OpenSSH body is wrapped), with that line, when they or the END line's own text hold 16
 * characters of base64 and no BEGIN line of a private key is above them; and a run of two or more
 * 64-character base64 lines (RFC 7468's wrapping; not hex digests) with the shorter last line
 * after it, unless a BEGIN or END line of another label (a certificate, a public key, a
 * signature) bounds it.
 */
export const PRIVATE_KEY_BODY_RULE: SecretRule = {
  what: 'a private key body',
  *find(text) {
    const lines = text.split('\n');
    const starts: number[] = [];
    for (let index = 0, at = 0; index < lines.length; index++) {
      starts.push(at);
      at += (lines[index] ?? '').length + 1;
    }
    const range = (first: number, last: number): [number, number] => [
      starts[first] ?? 0,
      (starts[last] ?? 0) + (lines[last] ?? '').length,
    ];
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] ?? '';
      const endAt = privateKeyEndAt(line);
      if (endAt !== -1) {
        // The last line of the body right above, and above it lines of one width, no shorter.
        let first = index;
        let width = 0;
        for (; first > 0; first--) {
          const above = content(lines[first - 1] ?? '');
          if (!BASE64_LINE.test(above) || above.length < width) break;
          if (first < index - 1 && width !== 0 && above.length !== width) break;
          width = above.length;
        }
        const body = width >= 16 || BASE64_RUN.test(line.slice(0, endAt));
        // Below its BEGIN line the block is `private-key-rule.ts`'s.
        const begin = boundary(lines, first - 1, -1);
        if (body && !(begin?.kind === 'BEGIN' && isPrivate(begin))) yield range(first, index);
        continue;
      }
      if (!isFullLine(content(line))) continue;
      let last = index;
      while (last + 1 < lines.length && isFullLine(content(lines[last + 1] ?? ''))) last++;
      const run = last;
      if (last + 1 < lines.length && isLastLine(content(lines[last + 1] ?? ''))) last++;
      // A certificate's, a public key's or a signature's body is bounded by its own label.
      const begin = boundary(lines, index - 1, -1);
      const end = boundary(lines, last + 1, 1);
      const bounded =
        (begin?.kind === 'BEGIN' && !isPrivate(begin)) || (end?.kind === 'END' && !isPrivate(end));
      if (run > index && !bounded) yield range(index, last);
      index = last;
    }
  },
};
