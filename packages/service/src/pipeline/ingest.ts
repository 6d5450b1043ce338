/** Ingest: raw reports are stored (once per source id) and queued for processing. */
import { wellFormedPayload } from '../sources/report-text-problem.js';
import type { RawReport } from '../sources/types.js';
import type { ReportOrigin } from '../store/index.js';
import { PROCESS_REPORT, REPORTS_PER_JOB } from './jobs.js';
import type { PipelineContext } from './pipeline-context.js';

/** What {@link ingestReports} did. */
export interface IngestResult {
  /** Reports stored by this call. */
  stored: number;
  /** Reports the source had delivered before, unchanged (not stored again). */
  duplicates: number;
  /** Reports the source had delivered before with another payload: stored as a new revision. */
  revised: number;
  /** Ids of all the reports given, stored now or before, in input order. */
  reportIds: string[];
}

/**
 * Stores raw reports (one transaction) and queues the new ones for parsing, classification and
 * grouping, {@link REPORTS_PER_JOB} to a job (one round trip).
 * Idempotent: a report its source delivered before is neither stored nor queued again, unless
 * it changed upstream (an edit: a new revision, analysed again).
 */
export async function ingestReports(
  context: PipelineContext,
  reports: readonly RawReport[],
  origin: ReportOrigin,
): Promise<IngestResult> {
  const rows = await context.store.reports.insertMany(reports.map(storable), origin);
  const created = rows.filter((row) => row.created);
  const revised = rows.filter((row) => row.revised);
  const queued = [...created, ...revised].map((row) => row.id);
  const jobs: { data: Record<string, unknown> }[] = [];
  for (let start = 0; start < queued.length; start += REPORTS_PER_JOB) {
    jobs.push({ data: { reportIds: queued.slice(start, start + REPORTS_PER_JOB) } });
  }
  await context.queue.sendMany(PROCESS_REPORT, jobs);
  if (origin.sourceId) await context.store.sources.addReports(origin.sourceId, created.length);
  return {
    stored: created.length,
    duplicates: rows.length - created.length - revised.length,
    revised: revised.length,
    reportIds: rows.map((row) => row.id),
  };
}

/**
 * The report as it can be stored: no NUL in its text (Postgres text holds none; a stray one is
 * taken at the door, intake's `binaryTextProblem`, and `parseReport` removes it with the other
 * control characters), and no lone UTF-16 surrogate in its text or JSON (`wellFormedPayload`: the
 * API refuses one at the door, a source's payload cannot be sent again). Its id was taken
 * before, from the payload as sent.
 */
function storable(report: RawReport): RawReport {
  const payload = wellFormedPayload(report.payload);
  if (!('text' in payload) || !payload.text.includes('\0')) {
    return payload === report.payload ? report : { ...report, payload };
  }
  return { ...report, payload: { text: payload.text.replaceAll('\0', '') } };
}
