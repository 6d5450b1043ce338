/**
 * JSON Lines (`.jsonl`, `.ndjson`): one JSON object a line. The one line reader of intake, shared
 * by the review-export format and {@link readReportLines}; a line that is not a JSON object is
 * kept as a problem with its line number instead of being dropped.
 */
import { isJsonObject, type JsonObject } from './formats/json-object.js';
import { LONE_SURROGATE, wellFormedParsed } from './well-formed.js';

/** One JSON object of a JSON Lines text, with its 1-based line number. */
export interface JsonLine {
  line: number;
  value: JsonObject;
}

/** A line that could not be taken: its 1-based line number and why, as a sentence fragment. */
export interface RefusedLine {
  line: number;
  /** E.g. `is not JSON`, `has an empty "text"`. */
  reason: string;
}

/** The objects and the refused lines of a JSON Lines text; blank lines are neither. */
export interface JsonLines {
  objects: JsonLine[];
  refused: RefusedLine[];
}

/** Why a line whose `id` holds a lone surrogate is refused, and what to send instead. */
const LONE_SURROGATE_ID =
  'has an "id" with a lone UTF-16 surrogate (half a character without its other half), which would name another record; escape both halves of a character past U+FFFF (e.g. "\\ud83d\\ude00"), or write the character itself in UTF-8';

/** True when a file name says JSON Lines (`.jsonl`, `.ndjson`, any case). */
export function isJsonLinesName(filename: string | undefined): boolean {
  return filename !== undefined && /\.(jsonl|ndjson)$/i.test(filename);
}

/**
 * The lines of a JSON Lines text, whole: unlike `splitLines` no line is cut at `MAX_LINE_CHARS`
 * (a record is parsed by `JSON.parse`, linear in its length, never by a regular expression, and
 * a cut record is no JSON), and a leading byte-order mark is dropped.
 * @param text the whole text.
 * @returns its lines without terminators (`\n`, `\r\n` or `\r`), 1-based line n at index n - 1.
 */
export function jsonLinesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/**
 * Reads every non-blank line as one JSON object.
 * @param lines the text's lines ({@link jsonLinesOf}), in order; line numbers are their 1-based indexes.
 * @returns the objects and the lines refused (not JSON, or JSON but not an object), in order.
 */
export function readJsonLines(lines: readonly string[]): JsonLines {
  const objects: JsonLine[] = [];
  const refused: RefusedLine[] = [];
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      refused.push({ line, reason: 'is not JSON' });
      return;
    }
    if (!isJsonObject(value)) refused.push({ line, reason: 'is JSON but not an object' });
    else if (typeof value.id === 'string' && LONE_SURROGATE.test(value.id)) {
      refused.push({ line, reason: LONE_SURROGATE_ID });
    } else objects.push({ line, value: wellFormedParsed(value, text) });
  });
  return { objects, refused };
}
