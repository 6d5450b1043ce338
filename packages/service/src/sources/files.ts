/**
 * The `files` source: reports handed over directly, by `sightline ingest FILE…|-` or
 * `POST /api/reports`. Each file is one report, except JSON Lines files (`.jsonl`, `.ndjson`, or
 * lines of `{"text": …}` objects), whose every line is one, and review exports (CSV with a header row, JSON arrays) and CSV
 * issue tables (a title and a body column), whose every row is one. A report without an id of its own is identified by a hash of its
 * content, so ingesting the same file twice stores it once.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readReportLines, reviewExportRows } from '../adapters/investigator.js';
import { rawReportProblem, utcReceivedAt } from './api-report.js';
import { defineSourceModule } from './define-source-module.js';
import type { RawReport } from './types.js';

/** The files source module: nothing to configure, nothing to poll. */
export const filesSource = defineSourceModule({
  kind: 'files',
  description: 'Reports handed over directly: `sightline ingest FILE…|-` and POST /api/reports.',
  configSchema: z.strictObject({}),
  credentialsSchema: z.strictObject({}),
  create: () => ({
    test: async () => ({ ok: true, message: 'The files source needs no connection.' }),
  }),
});

/** A content hash id: the same text is the same report. */
export function contentId(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** Options of {@link fileToRawReports}. */
export interface FileReportOptions {
  /** File name (kept for format detection and display); absent for stdin. */
  filename?: string;
  /** Intake format, or `auto`. Default `auto`. */
  format?: string;
  /** Receive time, ISO 8601. Default now. */
  receivedAt?: string;
}

/**
 * What numbers the reports of a file: `line` of JSON Lines, `record` of a review export, `file`
 * for a file that is one report (its number is 1).
 */
export type ReportNumbering = 'line' | 'record' | 'file';

/** A report of a file that is refused: its 1-based line or record number, and why. */
export interface RefusedReport {
  number: number;
  /** A sentence fragment, e.g. `is not JSON`, `has a bad "url": …`. */
  reason: string;
}

/** The reports of a file, and those refused (none are stored). */
export interface FileReports {
  reports: RawReport[];
  /** What numbers the reports, so a client can say which ones were refused or left out. */
  numberedBy: ReportNumbering;
  /** Each report's number, in order. */
  numbers: number[];
  /** The refused ones, by number. */
  refused: RefusedReport[];
}

/**
 * A refused report as a clause to follow the file's name: `line 3 has an empty "text"`, or for a
 * file that is one report the reason alone.
 */
export function refusalClause(numberedBy: ReportNumbering, refusal: RefusedReport): string {
  return numberedBy === 'file'
    ? refusal.reason
    : `${numberedBy} ${refusal.number} ${refusal.reason}`;
}

/**
 * One report in the shape `POST /api/reports` takes (a JSON body's item, a line of JSON Lines) as
 * a raw report: its own id, else a hash of its content; its own format, file name and receive time
 * (in UTC, `utcReceivedAt`), else the defaults.
 */
export function apiReportToRawReport(
  report: {
    id?: string;
    text?: string;
    json?: unknown;
    format?: string;
    filename?: string;
    receivedAt?: string;
    url?: string;
  },
  defaults: { receivedAt: string; format: string; filename?: string },
): RawReport {
  const text = report.text ?? JSON.stringify(report.json);
  const filename = report.filename ?? defaults.filename;
  return {
    sourceKind: 'files',
    sourceId: report.id ?? contentId(text),
    receivedAt:
      report.receivedAt !== undefined ? utcReceivedAt(report.receivedAt) : defaults.receivedAt,
    format: report.format ?? defaults.format,
    payload: report.text !== undefined ? { text: report.text } : { json: report.json },
    ...(report.url ? { url: report.url } : {}),
    ...(filename ? { filename } : {}),
  };
}

/**
 * Turns a file's text into raw reports: one per file, one per line of JSON Lines (read by
 * intake's `readReportLines`: a `{"text": …}` object is the API's report shape, any other object is
 * the report itself; a line that is not JSON or has an empty `text` is refused), or one per row
 * of a review export or CSV issue table (when the format is `auto` or `reviews`; a CSV row that
 * cannot be read is refused). A line or a review row with an id of its own keeps it as its source id; others are
 * identified by content. Every report is checked with the API's schema (`rawReportProblem`: a bad
 * `receivedAt`, `url`, `id` or format), so a file refuses the same reports whether they are sent
 * to the API or stored directly.
 */
export function fileToRawReports(text: string, options: FileReportOptions = {}): FileReports {
  const read = readFileReports(text, options);
  const refused = [...read.refused];
  const taken: NumberedReport[] = [];
  for (const entry of read.reports) {
    const problem = rawReportProblem(entry.report);
    if (problem) refused.push({ number: entry.number, reason: problem });
    else taken.push(entry);
  }
  refused.sort((a, b) => a.number - b.number);
  return {
    reports: taken.map((entry) => entry.report),
    numberedBy: read.numberedBy,
    numbers: taken.map((entry) => entry.number),
    refused,
  };
}

interface NumberedReport {
  number: number;
  report: RawReport;
}

/** A file's reports, numbered, before the API's check. */
function readFileReports(
  text: string,
  options: FileReportOptions,
): { numberedBy: ReportNumbering; reports: NumberedReport[]; refused: RefusedReport[] } {
  const receivedAt = options.receivedAt ?? new Date().toISOString();
  const base = {
    sourceKind: 'files',
    receivedAt,
    format: options.format ?? 'auto',
    ...(options.filename ? { filename: path.basename(options.filename) } : {}),
  };
  const lines = readReportLines(text, options.filename ? { filename: options.filename } : {});
  if (lines) {
    return {
      numberedBy: 'line',
      reports: lines.reports.map((report) => ({
        number: report.line,
        report: apiReportToRawReport(report, base),
      })),
      refused: lines.refused.map(({ line, reason }) => ({ number: line, reason })),
    };
  }
  const reviews =
    base.format === 'auto' || base.format === 'reviews' ? reviewExportRows(text) : null;
  if (reviews && (reviews.rows.length > 1 || reviews.refused.length > 0)) {
    return {
      numberedBy: 'record',
      reports: reviews.rows.map(({ record, id, fields, format }) => ({
        number: record,
        report: {
          ...base,
          format,
          sourceId: id ?? contentId(JSON.stringify(fields)),
          payload: { json: fields },
        },
      })),
      refused: reviews.refused.map(({ record, line, reason }) => ({
        number: record,
        reason: `(line ${line}) ${reason}`,
      })),
    };
  }
  return {
    numberedBy: 'file',
    reports: [{ number: 1, report: { ...base, sourceId: contentId(text), payload: { text } } }],
    refused: [],
  };
}
