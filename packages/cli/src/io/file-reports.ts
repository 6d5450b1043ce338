/**
 * How many reports a file holds, and each one's input: one a line of JSON Lines, one a row of a
 * review export or CSV issue table, else the whole file. `sightline triage` classifies each; `sightline investigate`,
 * which takes one, refuses a file of several.
 */
import {
  type RefusedLine,
  type ReportInput,
  readReportLines,
  reviewExportRows,
} from '@sightline/intake';

/** One report of a file: its `parseReports` input, and the format it was given in (if any). */
export interface FileReportInput {
  input: ReportInput;
  format: string | undefined;
}

/** The reports of a file, the lines refused, and how the file holds them. */
export interface FileReports {
  inputs: FileReportInput[];
  refused: RefusedLine[];
  /** `lines`: JSON Lines, one a line; `rows`: a review export or CSV issue table, one a row; `file`: the whole file. */
  holds: 'lines' | 'rows' | 'file';
}

/**
 * The reports of a file as `parseReports` inputs, and its lines refused: one a line of JSON Lines
 * (`readReportLines`), one a row of a review export or CSV issue table (`reviewExportRows`, as the service's file
 * ingest reads one: a CSV row that cannot be read is refused by its line), else the whole text.
 * @param text - the file's decoded text.
 * @param filename - its name (`.jsonl`/`.ndjson` make it JSON Lines); undefined for stdin.
 * @param format - the report format given (`auto` or undefined to detect it); rows of a review
 *   export are split only when it is `auto` or `reviews`.
 * @returns the inputs and the refused lines, each in order, and how the file holds them.
 */
export function fileReportInputs(
  text: string,
  filename: string | undefined,
  format: string | undefined,
): FileReports {
  const lines = readReportLines(text, { filename });
  if (lines) {
    const inputs = lines.reports.map((report) => ({ input: report.text, format: report.format }));
    return { inputs, refused: lines.refused, holds: 'lines' };
  }
  const reviews =
    format === undefined || format === 'auto' || format === 'reviews'
      ? reviewExportRows(text)
      : null;
  if (reviews && (reviews.rows.length > 1 || reviews.refused.length > 0)) {
    const inputs = reviews.rows.map((row) => ({ input: row.fields, format: row.format }));
    return { inputs, refused: reviews.refused, holds: 'rows' };
  }
  return { inputs: [{ input: text, format: undefined }], refused: [], holds: 'file' };
}
