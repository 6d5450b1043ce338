/**
 * Whether the text between a private key's BEGIN and END lines is a key's body, so a key
 * withholds its own lines and no others: the code between two string constants
 * `'-----BEGIN … PRIVATE KEY-----'` and `'-----END …'` of a PEM parser is no key. A body line may
 * be decorated as code writes one (`"MIIE…\n" +`, `b'…'`, `// …`, `> ` quotes) or be cut by
 * JSON's `\n` escapes. Each check reads forward and stops at the first character that cannot be
 * in a body, and the lines found to be body lines are read once for every BEGIN line: linear
 * however many BEGIN lines a text holds.
 */
import { isBase64Code } from './private-key-der-rule.js';

/**
 * Characters around a body line that are code's, not the key's: quotes, operators, closing
 * brackets, markers. No opening bracket: `parse();` is a call, not a body line.
 */
const DECORATION = new Set([...' \t\r"\'`+.,;&|)]}>#*\\']);
/** A string literal's prefix before its quote (`b'`, `r"`, `@"`, `$"`, `L"`, `u8"`). */
const LITERAL_PREFIX = /^(?:[rRbBuUfFL]{1,2}|@|\$|u8)["'`]/;
/** A PEM header's name and the `: ` after it (`Proc-Type: `, `DEK-Info: `), its value `[\w ,-]`. */
const HEADER_NAME = /^[A-Za-z-]{1,40}: /;
/** The separators of body lines: a line break, or JSON's `\n` or `\r` escape. */
const SEPARATOR = /\n|\\[nr]/g;

/** The index after the decorations, comment markers and literal prefixes from `at`. */
function skipDecoration(text: string, at: number, end: number): number {
  let next = at;
  for (;;) {
    while (next < end && DECORATION.has(text.charAt(next))) next++;
    const marker = text.slice(next, next + 3);
    if (/^(?:\/\/|--)[ \t]/.test(marker)) {
      next += 3;
      continue;
    }
    const prefix = LITERAL_PREFIX.exec(text.slice(next, next + 4));
    if (prefix && next + prefix[0].length <= end) next += prefix[0].length;
    return next;
  }
}

/**
 * Whether `text[start, end)` is a body line once undecorated: base64, a PEM header
 * (`Proc-Type: 4,ENCRYPTED`), or nothing. Reads forward only, up to the first character that
 * cannot be in one.
 */
export function isBodySegment(text: string, start: number, end: number): boolean {
  let at = skipDecoration(text, start, end);
  const header = HEADER_NAME.exec(text.slice(at, Math.min(end, at + 42)));
  if (header) {
    at += header[0].length;
    while (at < end && /[\w ,-]/.test(text.charAt(at))) at++;
  } else {
    while (at < end && (isBase64Code(text.charCodeAt(at)) || text.charAt(at) === '=')) at++;
  }
  while (at < end && DECORATION.has(text.charAt(at))) at++;
  return at === end;
}

/**
 * A checker of BEGIN-to-END spans over one text, for spans whose starts only grow.
 * @param text the text the spans are in.
 * @returns a function telling whether the text from `from` (right after a BEGIN line's
 *   `PRIVATE KEY-----`) to `endAt` (where the END line's `-----END ` starts) is a key's body:
 *   every line or `\n`-escaped piece between them (the rest of the BEGIN line's too) is a body line.
 */
export function createKeyBodySpanCheck(text: string): (from: number, endAt: number) => boolean {
  /** The start of the first segment read that is not a body line. */
  let bad = -1;
  const nextSeparator = createSeparatorSearch(text);
  const separatorAfterBegin = createSeparatorSearch(text);
  /** The start of the first segment at or after the segment start `from` that is no body line. */
  const firstBad = (from: number): number => {
    if (bad >= from) return bad;
    let start = from;
    while (start < text.length) {
      const { at, length } = nextSeparator(start);
      if (!isBodySegment(text, start, at)) break;
      start = at + length;
      if (length === 0) break;
    }
    bad = start;
    return bad;
  };
  return (from, endAt) => {
    const first = separatorAfterBegin(from);
    if (endAt <= first.at) return isBodySegment(text, from, endAt);
    if (!isBodySegment(text, from, first.at)) return false;
    return firstBad(first.at + first.length) >= segmentStartOf(text, endAt);
  };
}

/**
 * The first separator at or after `from`, for `from`s that only grow: one found that still lies
 * ahead is the answer again, so the text is read once (a MiB line of BEGIN lines and no line
 * break was read to its end for each).
 */
function createSeparatorSearch(text: string): (from: number) => { at: number; length: number } {
  const separators = new RegExp(SEPARATOR);
  let found = { at: -1, length: 0 };
  return (from) => {
    if (found.at >= from) return found;
    separators.lastIndex = from;
    const next = separators.exec(text);
    found = next ? { at: next.index, length: next[0].length } : { at: text.length, length: 0 };
    return found;
  };
}

/** Where the segment holding `at` starts: after the last separator before it. */
function segmentStartOf(text: string, at: number): number {
  const line = text.lastIndexOf('\n', at - 1) + 1;
  const escaped = Math.max(text.lastIndexOf('\\n', at - 2), text.lastIndexOf('\\r', at - 2));
  return Math.max(line, escaped === -1 ? 0 : escaped + 2);
}
