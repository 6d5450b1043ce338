/**
 * The `files` source: reports handed over directly, by `sightline ingest FILE…|-` or
 * `POST /api/reports`. Each file is one report, except JSON Lines files (`.jsonl`, `.ndjson`),
 * whose every line is one, and review exports (CSV with a header row, JSON arrays), whose every
 * review is one. A report without an id of its own is identified by a hash of its
 * content, so ingesting the same file twice stores it once.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { reviewExportRows } from '../adapters/investigator.js';
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
 * Turns a file's text into raw reports: one per file, one per non-empty line of JSON Lines, or
 * one per review of a review export (when the format is `auto` or `reviews`). A JSON line or a
 * review row with an id of its own keeps it as its source id; others are identified by content.
 */
export function fileToRawReports(text: string, options: FileReportOptions = {}): RawReport[] {
  const receivedAt = options.receivedAt ?? new Date().toISOString();
  const base = {
    sourceKind: 'files',
    receivedAt,
    format: options.format ?? 'auto',
    ...(options.filename ? { filename: path.basename(options.filename) } : {}),
  };
  if (options.filename && /\.(jsonl|ndjson)$/i.test(options.filename)) {
    const lines = text.split('\n').filter((line) => line.trim());
    return lines.map((line) => {
      const id = jsonLineId(line);
      return { ...base, sourceId: id ?? contentId(line), payload: { text: line } };
    });
  }
  const rows = base.format === 'auto' || base.format === 'reviews' ? reviewExportRows(text) : null;
  if (rows && rows.length > 1) {
    return rows.map(({ id, fields }) => ({
      ...base,
      format: 'reviews',
      sourceId: id ?? contentId(JSON.stringify(fields)),
      payload: { json: fields },
    }));
  }
  return [{ ...base, sourceId: contentId(text), payload: { text } }];
}

function jsonLineId(line: string): string | undefined {
  try {
    const value = JSON.parse(line) as { id?: unknown };
    return typeof value.id === 'string' || typeof value.id === 'number'
      ? String(value.id)
      : undefined;
  } catch {
    return undefined;
  }
}
