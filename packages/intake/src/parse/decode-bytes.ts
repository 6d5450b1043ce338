/**
 * The one reader of a report's bytes: UTF-8, or UTF-16 when a byte-order mark says so or the bytes
 * are clearly UTF-16LE text without one (a NUL after every ASCII letter). Shared by
 * `parseReport` and by the commands and routes that look at a file's text before parsing it
 * (`sightline triage`, `sightline ingest`, `POST /api/reports`), so a file reads alike everywhere.
 */
import { BINARY_SNIFF_BYTES, looksBinary } from '@sightline/core';
import { binaryTextProblem } from './binary-text.js';

/** The encodings a report's bytes are read in. */
export type ReportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A report's bytes as text. */
export interface DecodedBytes {
  /** The text, without a byte-order mark. */
  text: string;
  /** What the bytes were read as. */
  encoding: ReportEncoding;
  /**
   * True when bytes invalid in `encoding` were replaced with U+FFFD: the text is in another
   * encoding (Latin-1, Windows-1252…). Never for binary data (a NUL byte and, by
   * `binaryTextProblem`, mostly control characters or invalid bytes), which is no text at all.
   */
  invalid: boolean;
}

/** What to do about {@link DecodedBytes.invalid} bytes, for messages. */
export const CONVERT_TO_UTF8_HINT =
  'convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it)';

/** What to do about bytes that look binary but may be text in an encoding not recognised, for messages. */
export const NOT_TEXT_HINT =
  'If it is text in another encoding (UTF-16 big-endian or non-Latin without a byte-order mark, UTF-32), convert it to UTF-8 first (e.g. iconv -f UTF-16 -t UTF-8).';

/**
 * The note a reader gives when {@link DecodedBytes.invalid}: what happened and what to do.
 * @param encoding what the bytes were read as.
 */
export function invalidBytesNote(encoding: ReportEncoding): string {
  return `invalid ${encodingName(encoding)} bytes were replaced with U+FFFD: ${invalidBytesAdvice(encoding)}`;
}

/**
 * Why a text is refused when {@link DecodedBytes.invalid}, to follow its subject: `is not valid
 * UTF-8: the text is in another encoding; convert it …` (UTF-16: a damaged file, not Latin-1).
 * @param encoding what the bytes were read as.
 * @returns the clause, ending with a full stop.
 */
export function invalidBytesProblem(encoding: ReportEncoding): string {
  return `is not valid ${encodingName(encoding)}: ${invalidBytesAdvice(encoding)}.`;
}

function encodingName(encoding: ReportEncoding): string {
  return encoding === 'utf-8' ? 'UTF-8' : 'UTF-16';
}

/** What bytes invalid in `encoding` say of the text, and what to do. */
function invalidBytesAdvice(encoding: ReportEncoding): string {
  // UTF-16 read by its byte-order mark or its NULs: the invalid units are unpaired surrogates.
  return encoding === 'utf-8'
    ? `the text is in another encoding; ${CONVERT_TO_UTF8_HINT}`
    : 'it holds a 16-bit unit that is no character (half of a surrogate pair), so the file is damaged; save or export it again, as UTF-8 if you can';
}

/**
 * The encoding a byte-order mark at the start of `bytes` names, and the mark's length in bytes;
 * undefined without one.
 */
export function byteOrderMark(
  bytes: Uint8Array,
): { encoding: ReportEncoding; length: number } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  return undefined;
}

/** The encoding a byte-order mark names (else what the bytes clearly are), and the mark's length in bytes. */
function encodingOf(bytes: Uint8Array): { encoding: ReportEncoding; length: number } {
  return (
    byteOrderMark(bytes) ?? { encoding: looksUtf16le(bytes) ? 'utf-16le' : 'utf-8', length: 0 }
  );
}

/** Share of 16-bit units that must look like UTF-16LE text (a zero high byte, a non-zero low byte). */
const UTF16_UNIT_SHARE = 0.9;

/**
 * True when bytes without a byte-order mark are clearly UTF-16LE text (as Windows tools write
 * it): an even length, and in their first {@link BINARY_SNIFF_BYTES} bytes at least
 * {@link UTF16_UNIT_SHARE} of the 16-bit units are a non-zero byte followed by a NUL (ASCII and
 * Latin-1 letters) and none is U+0000. A minidump starts with `MDMP` and is never text.
 */
function looksUtf16le(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return false;
  if (bytes[0] === 0x4d && bytes[1] === 0x44 && bytes[2] === 0x4d && bytes[3] === 0x50) {
    return false;
  }
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES);
  let latin = 0;
  for (let index = 0; index + 1 < head.length; index += 2) {
    const low = head[index];
    const high = head[index + 1];
    if (low === 0 && high === 0) return false;
    if (low !== 0 && high === 0) latin += 1;
  }
  return latin >= UTF16_UNIT_SHARE * Math.floor(head.length / 2);
}

/**
 * Decodes a report's bytes.
 * @param bytes the whole report: UTF-8, UTF-16LE/BE after a byte-order mark, or UTF-16LE text
 *   without one (see `looksUtf16le`).
 * @returns the text (bytes invalid in its encoding replaced with U+FFFD), its encoding and whether
 *   any byte was invalid.
 */
export function decodeReportBytes(bytes: Uint8Array): DecodedBytes {
  const { encoding, length } = encodingOf(bytes);
  const body = bytes.subarray(length);
  try {
    return {
      text: new TextDecoder(encoding, { fatal: true }).decode(body),
      encoding,
      invalid: false,
    };
  } catch {
    const text = new TextDecoder(encoding).decode(body);
    // A NUL byte makes binary data only when the text is binary by the text rule too: a log with
    // one stray NUL and a Latin-1 letter is text in another encoding (fresh-user trial 26).
    const binary = encoding === 'utf-8' && looksBinary(bytes) && binaryTextProblem(text);
    return { text, encoding, invalid: !binary };
  }
}
