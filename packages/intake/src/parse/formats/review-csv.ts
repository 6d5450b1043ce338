/**
 * The rows of a CSV review export, read with csv-parse (csv.js.org/parse). A row csv-parse cannot
 * read (a quote never closed, text after a closing quote), that has fewer fields than the header, or
 * that has more fields with text in them (an unquoted delimiter inside the text) is refused by its
 * line, and reading goes on at the line after it, so one bad row neither costs the others, nor loses
 * part of its text, nor turns the export into one plain-text report. Extra fields that are all
 * blank (a trailing delimiter) hold no text and are ignored.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { jsonLinesOf, type RefusedLine } from '../json-lines.js';
import type { JsonObject } from './json-object.js';

/** One record of a CSV export: its fields keyed by the header's names, or why its line was refused. */
export type CsvRecord = { fields: JsonObject } | RefusedLine;

/** Largest record csv-parse reads, in characters. */
const MAX_RECORD_CHARS = 1_000_000;

const PARSE_OPTIONS = {
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
  max_record_size: MAX_RECORD_CHARS,
} as const;

const REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote opened there is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'text follows a closing quote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote',
  CSV_MAX_RECORD_SIZE: `the row is over ${MAX_RECORD_CHARS.toLocaleString('en')} characters`,
};

/**
 * Reads a CSV text whose first non-blank line is its header row.
 * @param text the whole export (a leading byte-order mark is dropped; `\r\n`, `\r` and `\n` end lines).
 * @param delimiter the field delimiter (`,`, `;` or a tab).
 * @returns every record in order, a record that could not be read as the 1-based line it starts
 *   on and why (e.g. `is not a CSV row (a quote opened there is never closed)`, `has 1 field where
 *   the header names 3`, `has 4 fields where the header names 3`, `has no text`); null when the header row itself
 *   cannot be read.
 */
export function readCsvRecords(text: string, delimiter: string): CsvRecord[] | null {
  const lines = jsonLinesOf(text);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const columns = headerNames(lines[headerIndex] ?? '', delimiter);
  if (!columns) return null;
  const records: CsvRecord[] = [];
  let start = headerIndex + 1;
  while (start < lines.length) {
    // Index of the first line after the last record read in this pass.
    let next = start;
    try {
      parse(lines.slice(start).join('\n'), {
        ...PARSE_OPTIONS,
        delimiter,
        on_record: (fields: string[], context: { lines: number }) => {
          records.push(recordOf(fields, columns, firstNonBlank(lines, next) + 1));
          next = start + context.lines;
          return null;
        },
      });
      break;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      next = firstNonBlank(lines, next);
      const reason = REASONS[error.code] ?? error.code;
      records.push({ line: next + 1, reason: `is not a CSV row (${reason})` });
      start = next + 1;
    }
  }
  return records;
}

/**
 * A row's fields keyed by the header's names, or the row refused by its line when its fields do not
 * match the header: with fewer (a field left out, or the rest of the row lost) or with more that
 * hold text (a delimiter inside an unquoted field), it cannot be told which column each field is,
 * and keeping the header's count would drop text without a word; a row of blank fields only (`,,`)
 * holds no report.
 */
function recordOf(values: readonly string[], columns: readonly string[], line: number): CsvRecord {
  if (values.every((value) => value.trim() === '')) return { line, reason: 'has no text' };
  const extra = values.slice(columns.length);
  if (values.length >= columns.length && extra.every((value) => value === '')) {
    return { fields: Object.fromEntries(columns.map((name, index) => [name, values[index]])) };
  }
  const count = values.length;
  return {
    line,
    reason: `has ${count} field${count === 1 ? '' : 's'} where the header names ${columns.length}`,
  };
}

/** Index of the first non-blank line from `index` on (the last line when all are blank). */
function firstNonBlank(lines: readonly string[], index: number): number {
  let at = index;
  while (at < lines.length - 1 && lines[at]?.trim() === '') at += 1;
  return at;
}

function headerNames(header: string, delimiter: string): string[] | null {
  try {
    const [names] = parse(header, { ...PARSE_OPTIONS, delimiter }) as string[][];
    return names ?? null;
  } catch {
    return null;
  }
}
