/**
 * A request body's media type and text, as its Content-Type declares them: the header parsed by
 * the `content-type` package (RFC 9110 §8.3), a text body decoded by its `charset` parameter
 * (any label of the WHATWG Encoding Standard: `utf-16be`, `iso-8859-1`, `shift_jis`, …), or,
 * without one, as every command reads a file: UTF-8, or UTF-16 by its byte-order mark or its NULs
 * (intake's `decodeReportBytes`). A byte-order mark outweighs the label, as in the WHATWG
 * decode algorithm. A JSON body's charset is not read: JSON is UTF-8 (RFC 8259 §8.1 defines no
 * charset parameter), and UTF-16 by its mark as a file.
 */
import { parse as parseContentType } from 'content-type';
import { byteOrderMark, decodeReportBytes, invalidBytesProblem } from '../adapters/investigator.js';

/** A Content-Type as read: its media type (lower case) and charset label, if any. */
export interface BodyMedia {
  media: string;
  charset: string | undefined;
}

/**
 * Reads a Content-Type header.
 * @param header - the header, absent when the client sent none.
 * @returns the media type (`''` without a header; what a malformed header holds before its
 *   first `;`, which no route takes) and charset. Never throws.
 */
export function bodyMedia(header: string | undefined): BodyMedia {
  if (header === undefined || header.trim() === '') return { media: '', charset: undefined };
  const { type, parameters } = parseContentType(header);
  // An empty `charset=` names none: read as without one.
  return { media: type, charset: parameters.charset?.toLowerCase() || undefined };
}

/** A decoded body, or why it cannot be read (status 415: a charset not known; 400: bad bytes). */
export type BodyText = { text: string } | { status: 400 | 415; message: string };

/**
 * Decodes a body.
 * @param bytes - the body as received.
 * @param charset - the declared charset label; undefined (or a JSON body's) for the file rule.
 * @returns the text, or a status and a message that says what to send instead. Never throws.
 */
export function bodyText(bytes: Uint8Array, charset: string | undefined): BodyText {
  if (charset === undefined || byteOrderMark(bytes)) return fileRule(bytes);
  const encoding = whatwgEncoding(charset);
  if (encoding === undefined) {
    return {
      status: 415,
      message: `charset: "${charset.slice(0, 40)}" is no encoding this service knows. Send the text as UTF-8 (Content-Type: text/plain; charset=utf-8), or name its encoding as the WHATWG Encoding Standard does (utf-16le, iso-8859-1, windows-1252, shift_jis, …).`,
    };
  }
  if (encoding === 'utf-8') return fileRule(bytes);
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes) };
  } catch {
    return {
      status: 400,
      message: `encoding: the body is not valid ${encoding}, the charset its Content-Type names${encoding === charset ? '' : ` ("${charset.slice(0, 40)}" is ${encoding} in the WHATWG Encoding Standard)`}. Send it in the encoding it names, or as UTF-8 (charset=utf-8).`,
    };
  }
}

/**
 * Why a JSON body's declared charset is refused: JSON is UTF-8 (RFC 8259 §8.1), so any other
 * charset (or one not known) is a 415 that says what to send; undefined for none or UTF-8.
 */
export function jsonCharsetProblem(charset: string | undefined): string | undefined {
  if (charset === undefined || whatwgEncoding(charset) === 'utf-8') return undefined;
  return `charset: a JSON body is UTF-8 (RFC 8259), not "${charset.slice(0, 40)}". Send it as UTF-8 (Content-Type: application/json), or send the report's text as text/plain with its charset.`;
}

/** The encoding a charset label names in the WHATWG Encoding Standard (`utf-16` → `utf-16le`), or undefined for a label it does not know. */
function whatwgEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** UTF-8, or UTF-16 by its mark or NULs, as every command reads a file. */
function fileRule(bytes: Uint8Array): BodyText {
  const { text, invalid, encoding } = decodeReportBytes(bytes);
  if (!invalid) return { text };
  return { status: 400, message: `encoding: the body ${invalidBytesProblem(encoding)}` };
}
