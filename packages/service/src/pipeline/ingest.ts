/** Ingest: raw reports are stored (once per source id) and queued for processing. */
import type { RawReport } from '../sources/types.js';
import type { ReportOrigin } from '../store/index.js';
import { PROCESS_REPORT } from './jobs.js';
import type { PipelineContext } from './pipeline-context.js';

/** What {@link ingestReports} did. */
export interface IngestResult {
  /** Reports stored by this call. */
  stored: number;
  /** Reports the source had delivered before (not stored again). */
  duplicates: number;
  /** Ids of all the reports given, stored now or before, in input order. */
  reportIds: string[];
}

/**
 * Stores raw reports and queues each new one for parsing, classification and grouping.
 * Idempotent: a report its source delivered before is neither stored nor queued again.
 */
export async function ingestReports(
  context: PipelineContext,
  reports: readonly RawReport[],
  origin: ReportOrigin,
): Promise<IngestResult> {
  const result: IngestResult = { stored: 0, duplicates: 0, reportIds: [] };
  for (const raw of reports) {
    const { report, created } = await context.store.reports.insert(raw, origin);
    result.reportIds.push(report.id);
    if (!created) {
      result.duplicates += 1;
      continue;
    }
    result.stored += 1;
    await context.queue.send(PROCESS_REPORT, { reportId: report.id });
  }
  if (origin.sourceId) await context.store.sources.addReports(origin.sourceId, result.stored);
  return result;
}
