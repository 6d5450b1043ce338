/**
 * The rows of a CSV review export, read with csv-parse (csv.js.org/parse). A row csv-parse cannot
 * read (a quote never closed, text after a closing quote) or that has fewer fields than the header
 * is refused by its line, and reading goes on at the line after it, so one bad row neither costs the others nor turns the export into
 * one plain-text report.
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
 *   the header names 3`); null when the header row itself cannot be read.
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
        columns,
        on_record: (fields: JsonObject, context: { lines: number }) => {
          records.push(recordOf(fields, columns.length, firstNonBlank(lines, next) + 1));
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
 * A row read, or refused by its line when it has fewer fields than the header names (a field
 * left out, or the rest of the row lost): it cannot be told which column each field is then.
 */
function recordOf(fields: JsonObject, columns: number, line: number): CsvRecord {
  const count = Object.keys(fields).length;
  if (count >= columns) return { fields };
  return {
    line,
    reason: `has ${count} field${count === 1 ? '' : 's'} where the header names ${columns}`,
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
