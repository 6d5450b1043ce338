/**
 * Turns whatever the caller passed (a string, raw bytes, an already parsed object) into text plus,
 * when the text is JSON, its parsed value. Limits and refusals live here so that every parser
 * downstream can assume non-empty, bounded, printable text.
 */
import { SightlineError } from '@sightline/core';
import { jsonrepair } from 'jsonrepair';
import { binaryTextProblem } from './binary-text.js';
import {
  CONTROLS_REMOVED,
  ESCAPES_REMOVED,
  jsonWithoutControls,
  withoutControls,
  withoutEscapes,
} from './control-text.js';
import {
  decodeReportBytes,
  invalidBytesNote,
  invalidBytesProblem,
  NOT_TEXT_HINT,
  type ReportEncoding,
} from './decode-bytes.js';
import { jsonNestsDeeperThan, jsonTextShape, MAX_JSON_DEPTH } from './json-depth.js';
import { MAX_REPORT_BYTES } from './limits.js';
import { parseWellFormedJson } from './well-formed.js';

/** A report as accepted by `parseReport`. */
export type ReportInput = string | Uint8Array | object;

/** The decoded input. */
export interface DecodedInput {
  /** The report text (JSON rendering for object input). */
  text: string;
  /** The parsed value when the input was an object or the whole text is JSON. */
  value?: unknown;
  /** What decoding had to change (replaced bytes, removed control characters). */
  notes: string[];
}

function tooLarge(bytes: number, maxBytes: number): SightlineError {
  return new SightlineError({
    code: 'REPORT_TOO_LARGE',
    message: `The report is ${(bytes / 1_048_576).toFixed(1)} MiB; the limit is ${(maxBytes / 1_048_576).toFixed(1)} MiB. Cut it down to the relevant part (the stack trace and the description); library callers can raise the maxBytes option.`,
    details: { bytes, maxBytes },
  });
}

/** Returns `text` when its UTF-8 size is within `maxBytes`; throws `REPORT_TOO_LARGE` otherwise. */
function checkSize(text: string, maxBytes: number): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes) throw tooLarge(bytes, maxBytes);
  return text;
}

function stringify(value: object): string {
  if (jsonNestsDeeperThan(value)) {
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message: `The report object nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays (or is cyclic); no report needs that many. Pass the report with its nesting cut down, or as text.`,
      details: { maxDepth: MAX_JSON_DEPTH },
    });
  }
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch (error) {
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message:
        'The report object cannot be serialised (cyclic or too deeply nested). Pass the report as text or as plain JSON data.',
      cause: error,
    });
  }
}

/** A JSON escape of a C0 control character, DEL or the 8-bit CSI, as the text shows it. */
const ESCAPED_CONTROL = /\\u00(?:[01][0-9a-f]|7f|9b)/i;

/**
 * The start of a JSON object, or of an array of them (a review export): `{` and a quoted key (an
 * event, an issue), not a log's `{a: 1}`.
 */
const JSON_OBJECT_START = /^\s*(?:\[\s*)?\{\s*"[^"\n]{1,100}"\s*:/;

/**
 * Whether JSON.parse failed because the text stopped: V8 says "Unexpected end" or "Unterminated
 * string", or names the position where it wanted more, which is the end of the text (a cut after
 * a value: "Expected ',' or '}' after property value in JSON at position 4000", fresh-user trial
 * 24). A text that goes on after its first value fails earlier ("Unexpected non-whitespace
 * character after JSON at position 12").
 */
function endsEarly(error: unknown, text: string): boolean {
  const message = error instanceof Error ? error.message : '';
  if (/^(?:Unexpected end|Unterminated string)/.test(message)) return true;
  const position = /\bat position (\d+)/.exec(message)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length;
}

/**
 * The text's JSON value, when the whole text is one or a JSON object cut short.
 *
 * A cut object (an event or issue pasted past a size limit) is completed by `jsonrepair`, which
 * closes the open string, arrays and objects: the text is valid JSON up to the cut (`endsEarly`),
 * so nothing before it is changed, and what it holds (an event's frames, an issue's title) is read
 * instead of the text `{` (fresh-user trial 27: a cut Sentry event was titled `{`, no stack).
 * @returns the value, with a note when the text is a JSON object cut short.
 */
function parseJson(text: string): { value?: unknown; note?: string; completed?: boolean } {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return {};
  try {
    // A lone surrogate escape (`"\ud800"`) is no character: read as U+FFFD (`wellFormedJson`).
    return { value: parseWellFormedJson(text) };
  } catch (error) {
    if (!JSON_OBJECT_START.test(text)) return {};
    // Only a text cut short is said to be: JSON Lines and Apple's .ips (a JSON header line, then
    // a JSON body) are not one document either, and are formats of their own.
    if (!endsEarly(error, text)) return {};
    const completed = completedJson(text);
    if (completed === undefined) {
      return {
        note: 'it opens as JSON but ends before the JSON does, so it was read as text: if it is an event, an issue or an export cut short, pass it whole',
      };
    }
    return {
      value: completed,
      completed: true,
      note: 'it is a JSON object cut short: what it holds up to the cut was read, what came after is missing (for an event, its innermost stack frames or its exception); pass it whole for those',
    };
  }
}

/**
 * The object a JSON text cut short holds up to its cut, or `undefined` when none can be made.
 * Nothing cut is presented as whole: a string cut in two keeps its whole words and ends with `…`
 * (`"TypeError: bad tok…"` of `"TypeError: bad token ghp_…"`: the word the cut split, a token
 * perhaps, is left out with its part, so no half secret is shown where the whole one would be
 * withheld), and a number or literal at the cut is left out (`"lineno": 1` of 12 reads as no line).
 */
function completedJson(text: string): object | undefined {
  const { deepest, cutString } = jsonTextShape(text);
  // jsonrepair reads by recursion: a text nested past the limit is refused before it, by depth.
  if (deepest > MAX_JSON_DEPTH) return undefined;
  const marked = cutString
    ? `${text.slice(0, cutString.start)}${wholeWords(text.slice(cutString.start, cutString.end))}…`
    : text.trimEnd().replace(CUT_SCALAR, '$1');
  try {
    const value: unknown = parseWellFormedJson(jsonrepair(marked));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A number, or a literal not yet whole, at the end of a text cut outside strings. */
const CUT_SCALAR = /([:,[]\s*)(?:-?[\d.eE+-]+|t|tr|tru|f|fa|fal|fals|n|nu|nul)$/;

/** A string's raw JSON content up to its last word break (whitespace, or a `\n`, `\r`, `\t` escape). */
export function wholeWords(content: string): string {
  let end = 0;
  for (const match of content.matchAll(/\s|\\[nrt]/g)) end = match.index + match[0].length;
  return content.slice(0, end);
}

/**
 * Decodes a report input.
 * @param input text, bytes (UTF-8, or UTF-16 with a byte-order mark) or a parsed JSON object.
 * @param maxBytes largest accepted input in bytes. Default {@link MAX_REPORT_BYTES} (10 MiB).
 * @returns the text, the parsed JSON value when there is one, and decoding notes.
 * @throws SightlineError `REPORT_EMPTY` (nothing but whitespace), `REPORT_TOO_LARGE` (over
 *   `maxBytes`), `REPORT_UNPARSEABLE` (binary data, or an object that cannot be serialised:
 *   cyclic, or nested deeper than `MAX_JSON_DEPTH`).
 */
export function decodeInput(input: ReportInput, maxBytes = MAX_REPORT_BYTES): DecodedInput {
  const notes: string[] = [];
  let text: string;
  let value: unknown;
  /** The encoding bytes were read in, when some of them were invalid in it. */
  let invalidIn: ReportEncoding | undefined;
  if (typeof input === 'string') {
    text = checkSize(input, maxBytes);
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw tooLarge(input.byteLength, maxBytes);
    const decoded = decodeReportBytes(input);
    text = decoded.text;
    if (decoded.invalid) {
      notes.push(invalidBytesNote(decoded.encoding));
      invalidIn = decoded.encoding;
    }
  } else if (input !== null && typeof input === 'object') {
    value = input;
    // Measured in UTF-8 bytes like string input: a JSON rendering of non-ASCII text has more
    // bytes than characters.
    text = checkSize(stringify(input), maxBytes);
  } else {
    text = String(input);
  }
  text = text.replace(/^\uFEFF/, '');
  // A log pasted from a terminal: its colour and cursor codes go before its control characters.
  const escapes = withoutEscapes(text);
  if (escapes.removed) notes.push(ESCAPES_REMOVED);
  text = escapes.text;
  const binary = binaryTextProblem(text);
  if (binary) {
    // Bytes with no NUL that are mostly invalid are text in another encoding (Shift-JIS, GBK), not
    // binary data (fresh-user trial 19: told to convert from UTF-16).
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message: invalidIn
        ? `The report ${invalidBytesProblem(invalidIn)}`
        : `The report ${binary} Pass a text crash log, issue text, review export or Sentry event JSON, not a minidump, an image or a compressed file. ${NOT_TEXT_HINT}`,
    });
  }
  const controls = withoutControls(text);
  if (controls.removed) notes.push(CONTROLS_REMOVED);
  text = controls.text;
  if (text.trim() === '') {
    throw new SightlineError({
      code: 'REPORT_EMPTY',
      message:
        'The report is empty. Pass a crash log, issue text or app review with some text in it.',
    });
  }
  if (value === undefined) {
    const json = parseJson(text);
    value = json.value;
    if (json.note) notes.push(json.note);
    // A JSON document on one line (an event copied from an API answer) is laid out one value per
    // line, as an object input is: the secret gate withholds whole lines, and one header's secret
    // withheld the whole event (fresh-user trial 20). A document cut short is its completed value
    // laid out so, whatever its lines: its text would keep the half of a token its cut split,
    // which no secret rule finds (fresh-user trial 29: in the body, search and a model's prompt).
    const oneLine = !text.trim().includes('\n');
    if (value !== undefined && (oneLine || json.completed) && !jsonNestsDeeperThan(value)) {
      text = JSON.stringify(value, null, 2);
    }
  }
  if (value === undefined) return { text, notes };
  // The strings of a JSON report's values too (escaped in its text, raw in its values: a title's
  // `\u001b[2J` reached the terminal through triage; fresh-user trial 28). Too deep a value is
  // refused or read as text later, by its depth.
  // A JSON string holds a control character only as an escape (`\u001b`; raw ones are invalid
  // JSON, and an object input's text is its JSON rendering): without one, nothing to walk.
  if (!ESCAPED_CONTROL.test(text) || jsonNestsDeeperThan(value)) return { text, value, notes };
  const cleaned = jsonWithoutControls(value);
  return {
    text,
    value: cleaned.value,
    notes: [...notes, ...cleaned.notes.filter((note) => !notes.includes(note))],
  };
}
