/**
 * The `files` source: reports handed over directly, by `sightline ingest FILE…|-` or
 * `POST /api/reports`. Each file is one report, except JSON Lines files (`.jsonl`, `.ndjson`, or
 * lines of `{"text": …}` objects), whose every line is one, and review exports (CSV with a header row, JSON arrays), whose every
 * review is one. A report without an id of its own is identified by a hash of its
 * content, so ingesting the same file twice stores it once.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { type RefusedLine, readReportLines, reviewExportRows } from '../adapters/investigator.js';
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

/** The reports of a file, and the lines of a JSON Lines file refused (none are stored). */
export interface FileReports {
  reports: RawReport[];
  /**
   * What numbers the reports in the file, so a client can say which ones a failure left out:
   * `line` of JSON Lines, `record` of a review export, `file` for a file that is one report.
   */
  numberedBy: 'line' | 'record' | 'file';
  /** Each report's 1-based line or record number (1 for a file that is one report), in order. */
  numbers: number[];
  refused: RefusedLine[];
}

/**
 * One report in the shape `POST /api/reports` takes (a JSON body's item, a line of JSON Lines) as
 * a raw report: its own id, else a hash of its content; its own format, file name and receive time,
 * else the defaults.
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
    receivedAt: report.receivedAt ?? defaults.receivedAt,
    format: report.format ?? defaults.format,
    payload: report.text !== undefined ? { text: report.text } : { json: report.json },
    ...(report.url ? { url: report.url } : {}),
    ...(filename ? { filename } : {}),
  };
}

/**
 * Turns a file's text into raw reports: one per file, one per line of JSON Lines (read by
 * intake's `readReportLines`: a `{"text": …}` object is the API's report shape, any other object is
 * the report itself; a line that is not JSON or has an empty `text` is refused), or one per review
 * of a review export (when the format is `auto` or `reviews`). A line or a review row with an id of
 * its own keeps it as its source id; others are identified by content.
 */
export function fileToRawReports(text: string, options: FileReportOptions = {}): FileReports {
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
      reports: lines.reports.map((report) => apiReportToRawReport(report, base)),
      numberedBy: 'line',
      numbers: lines.reports.map((report) => report.line),
      refused: lines.refused,
    };
  }
  const rows = base.format === 'auto' || base.format === 'reviews' ? reviewExportRows(text) : null;
  if (rows && rows.length > 1) {
    return {
      reports: rows.map(({ id, fields }) => ({
        ...base,
        format: 'reviews',
        sourceId: id ?? contentId(JSON.stringify(fields)),
        payload: { json: fields },
      })),
      numberedBy: 'record',
      numbers: rows.map((_, index) => index + 1),
      refused: [],
    };
  }
  return {
    reports: [{ ...base, sourceId: contentId(text), payload: { text } }],
    numberedBy: 'file',
    numbers: [1],
    refused: [],
  };
}
