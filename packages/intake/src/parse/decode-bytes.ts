/**
 * The one reader of a report's bytes: UTF-8, or UTF-16 when a byte-order mark says so. Shared by
 * `parseReport` and by the commands and routes that look at a file's text before parsing it
 * (`sightline triage`, `sightline ingest`, `POST /api/reports`), so a file reads alike everywhere.
 */
import { looksBinary } from '@sightline/core';

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
   * encoding (Latin-1, Windows-1252…). Never for binary data (NUL bytes), which is no text at all.
   */
  invalid: boolean;
}

/** What to do about {@link DecodedBytes.invalid} bytes, for messages. */
export const CONVERT_TO_UTF8_HINT = 'convert it to UTF-8 first (e.g. iconv -f LATIN1 -t UTF-8)';

/**
 * The note a reader gives when {@link DecodedBytes.invalid}: what happened and how to convert.
 * @param encoding what the bytes were read as.
 */
export function invalidBytesNote(encoding: ReportEncoding): string {
  const name = encoding === 'utf-8' ? 'UTF-8' : 'UTF-16';
  return `invalid ${name} bytes were replaced with U+FFFD: the text is in another encoding; ${CONVERT_TO_UTF8_HINT}`;
}

/** The encoding a byte-order mark names, and the mark's length in bytes. */
function byteOrderMark(bytes: Uint8Array): { encoding: ReportEncoding; length: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  return { encoding: 'utf-8', length: 0 };
}

/**
 * Decodes a report's bytes.
 * @param bytes the whole report.
 * @returns the text (bytes invalid in its encoding replaced with U+FFFD), its encoding and whether
 *   any byte was invalid.
 */
export function decodeReportBytes(bytes: Uint8Array): DecodedBytes {
  const { encoding, length } = byteOrderMark(bytes);
  const body = bytes.subarray(length);
  try {
    return {
      text: new TextDecoder(encoding, { fatal: true }).decode(body),
      encoding,
      invalid: false,
    };
  } catch {
    const text = new TextDecoder(encoding).decode(body);
    return { text, encoding, invalid: encoding !== 'utf-8' || !looksBinary(bytes) };
  }
}
