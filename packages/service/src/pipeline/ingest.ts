/** Ingest: raw reports are stored (once per source id) and queued for processing. */
import { wellFormedPayload } from '../sources/report-text-problem.js';
import type { RawReport } from '../sources/types.js';
import type { ReportOrigin } from '../store/index.js';
import { PROCESS_REPORT, REPORTS_PER_JOB } from './jobs.js';
import type { PipelineContext } from './pipeline-context.js';
import { providerIdentities } from './process-report.js';

/** What {@link ingestReports} did. */
export interface IngestResult {
  /** Reports stored by this call. */
  stored: number;
  /**
   * Reports the source had delivered before, unchanged (not stored again), and issues delivered
   * without an occurrence of their own whose project already holds a report of them
   * (`RawReport.issueOnly`).
   */
  duplicates: number;
  /** Reports the source had delivered before with another payload: stored as a new revision. */
  revised: number;
  /** Ids of the reports given, stored now or before, in input order (not the issues left out). */
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
  const occurrences = await withoutKnownIssues(context, reports, origin.projectId);
  const rows = await context.store.reports.insertMany(occurrences.map(storable), origin);
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
    duplicates: reports.length - created.length - revised.length,
    revised: revised.length,
    reportIds: rows.map((row) => row.id),
  };
}

/**
 * The reports without those that are only an issue the project already holds a report of
 * (`RawReport.issueOnly`): a Sentry issue delivered again, unresolved, or after its first event is
 * no new occurrence (fresh-user trial: a stale `unresolved` delivery was stored as a report
 * without a release and marked its resolved group regressed). A report still waiting for its
 * analysis counts, so an issue arriving just after its event is left out too.
 */
async function withoutKnownIssues(
  context: PipelineContext,
  reports: readonly RawReport[],
  projectId: string,
): Promise<readonly RawReport[]> {
  if (!reports.some((report) => report.issueOnly)) return reports;
  let waiting: Set<string> | undefined;
  const known = async (identity: string) => {
    if (await context.store.groups.hasIdentity(projectId, identity)) return true;
    waiting ??= new Set(
      (await context.store.reports.listWaiting(projectId)).flatMap(providerIdentities),
    );
    return waiting.has(identity);
  };
  const kept: RawReport[] = [];
  for (const report of reports) {
    if (!report.issueOnly || !(await known(report.issueOnly))) kept.push(report);
  }
  return kept;
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
