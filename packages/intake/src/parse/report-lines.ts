/**
 * A JSON Lines file of reports: each line one report, as `POST /api/reports` takes them — an
 * object whose `text` is the report (with the API's optional `id`, `format`, `filename`,
 * `receivedAt`, `url`). Any other object is the report itself, its line as the text (a review
 * row, a Sentry event, an issue `{"title": …}`, a log record `{"msg": …}`), unless it holds no
 * string to read: `{}` or `{"nottext": 1}` is no report and is refused. Shared by
 * `sightline triage` and `sightline ingest`, so both read a file alike.
 */
import { REPORT_FORMAT_NAMES } from './formats/index.js';
import type { JsonObject } from './formats/json-object.js';
import { isReviewRow } from './formats/reviews.js';
import { isJsonLinesName, jsonLinesOf, type RefusedLine, readJsonLines } from './json-lines.js';

/** One report of a JSON Lines file. */
export interface ReportLine {
  /** 1-based line number. */
  line: number;
  /** The report's text: the object's `text`, else the line itself. */
  text: string;
  /** The object's own `id` (a string, or a number as a string), when it has one. */
  id?: string;
  /** The object's `format` (an intake format name or `auto`), when a `text` object gives one. */
  format?: string;
  /** The object's `filename`, when a `text` object gives one. */
  filename?: string;
  /** The object's `receivedAt` (ISO 8601), when a `text` object gives one. */
  receivedAt?: string;
  /** The object's `url`, when a `text` object gives one. */
  url?: string;
}

/** The reports of a JSON Lines file and the lines refused (not JSON, empty `text`…). */
export interface ReportLines {
  reports: ReportLine[];
  refused: RefusedLine[];
}

/** Options of {@link readReportLines}. */
export interface ReadReportLinesOptions {
  /** The file's name: `.jsonl` or `.ndjson` makes it JSON Lines whatever its first line. */
  filename?: string;
}

/** The API's optional string fields of a report besides `text`. */
const STRING_FIELDS = ['format', 'filename', 'receivedAt', 'url'] as const;

/** An object in the API's report shape: it has `text`, and is not a review row (`rating`…). */
function isTextObject(value: JsonObject): boolean {
  return 'text' in value && !isReviewRow(value);
}

/**
 * Reads a text as JSON Lines of reports when it is one: a `.jsonl`/`.ndjson` file, or whatever
 * its name (stdin, `export.txt`) lines whose first is a report object, the API's `{"text": …}`
 * or a review row (`{"text": …, "rating": …}`), so a review export in JSON Lines is read line by
 * line, every line taken or refused by its number, under any name. A text without a non-blank
 * line is left to the caller, as the empty report it is (not a file of 0 reports).
 * @param text the whole file.
 * @param options see {@link ReadReportLinesOptions}.
 * @returns the reports and the refused lines (not JSON, not an object, `text` not a string or
 *   blank, an unknown `format`, no `text` and no string but an `id`), in line order;
 *   null when the text is not JSON Lines of reports.
 */
export function readReportLines(
  text: string,
  options: ReadReportLinesOptions = {},
): ReportLines | null {
  const lines = jsonLinesOf(text);
  if (lines.every((line) => line.trim() === '')) return null;
  if (!isJsonLinesName(options.filename) && !startsWithReportObject(lines)) return null;
  const { objects, refused } = readJsonLines(lines);
  const reports: ReportLine[] = [];
  for (const { line, value } of objects) {
    const report = isTextObject(value)
      ? textObjectReport(line, value)
      : otherObjectReport(line, lines[line - 1] ?? '', value);
    if ('reason' in report) refused.push(report);
    else reports.push(report);
  }
  refused.sort((a, b) => a.line - b.line);
  return { reports, refused };
}

/** True when the first non-blank line is a report object: the API's `{"text": …}`, or a review row. */
function startsWithReportObject(lines: readonly string[]): boolean {
  const first = lines.find((line) => line.trim() !== '');
  if (!first?.trimStart().startsWith('{')) return false;
  const [object] = readJsonLines([first]).objects;
  return object !== undefined && (isTextObject(object.value) || isReviewRow(object.value));
}

function textObjectReport(line: number, value: JsonObject): ReportLine | RefusedLine {
  const { text } = value;
  if (typeof text !== 'string') return { line, reason: 'has a "text" that is not a string' };
  if (text.trim() === '') return { line, reason: 'has an empty "text"' };
  const fields: Partial<Record<(typeof STRING_FIELDS)[number], string>> = {};
  for (const field of STRING_FIELDS) {
    const fieldValue = value[field];
    if (typeof fieldValue === 'string' && fieldValue !== '') fields[field] = fieldValue;
  }
  if (fields.format && fields.format !== 'auto' && !REPORT_FORMAT_NAMES.includes(fields.format)) {
    return {
      line,
      reason: `names an unknown "format" ${JSON.stringify(fields.format)} (use auto or one of ${REPORT_FORMAT_NAMES.join(', ')})`,
    };
  }
  return { line, text, ...idOf(value), ...fields };
}

/**
 * An object without the API's `text`: the report itself when it holds a string to read besides
 * its `id` (a format that knows it, or the text format's title-like fields, reads it then).
 */
function otherObjectReport(
  line: number,
  text: string,
  value: JsonObject,
): ReportLine | RefusedLine {
  if (!holdsReportText(value)) {
    return {
      line,
      reason:
        'has no "text" field and no other text to read as a report (a report line is {"text": "…"} or an object with a string field, e.g. {"title": "…"})',
    };
  }
  return { line, text, ...idOf(value) };
}

/**
 * Whether an object holds a non-blank string anywhere (nested too) but its own `id`. Walked with
 * a stack, not recursion: a line may nest arrays deeper than the call stack goes.
 */
function holdsReportText(value: JsonObject): boolean {
  const pending: unknown[] = Object.entries(value)
    .filter(([key]) => key !== 'id')
    .map(([, field]) => field);
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string' && next.trim() !== '') return true;
    if (typeof next === 'object' && next !== null) {
      for (const inner of Object.values(next)) pending.push(inner);
    }
  }
  return false;
}

function idOf(value: JsonObject): { id?: string } {
  const { id } = value;
  return (typeof id === 'string' && id !== '') || typeof id === 'number' ? { id: String(id) } : {};
}
