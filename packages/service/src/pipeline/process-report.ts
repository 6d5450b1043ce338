/**
 * The `process-report` job: a stored report is parsed (in-app frames marked against its project's
 * repository), classified (by the default model when one is configured, else offline) and
 * attached to its group, with that analysis stored: the only time the report is read. A group
 * investigated on arrival (see `investigationCause`) without a diagnosis of the repository's current revision gets an
 * investigation job. A report edited upstream (a new revision) is analysed again in its group,
 * and its group investigated again when what the investigation reads changed. Every step is
 * idempotent.
 */
import { SightlineError } from '@sightline/core';
import { classify, markInAppFrames, parseReports, type Report } from '../adapters/investigator.js';
import type { ReportRecord } from '../store/index.js';
import { groupKey } from './group-key.js';
import { investigationCause } from './investigation-policy.js';
import type { PipelineContext } from './pipeline-context.js';
import { investigationInputChanged } from './report-edit.js';

/**
 * Runs the job for one report. A report intake cannot read is marked `failed` with the reason
 * (a user's input, not a fault to retry); other errors throw so the queue retries.
 */
export async function processReport(context: PipelineContext, reportId: string): Promise<void> {
  const { store } = context;
  const row = await store.reports.get(reportId);
  if (!row || row.stage === 'failed') return;
  const project = await store.projects.get(row.projectId);
  let report: Report;
  try {
    report = parseStored(row);
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    await store.reports.fail(row.id, error.message);
    context.log(`report ${row.id} could not be read: ${error.message}`);
    return;
  }
  report = await markInAppFrames(report, await context.repository(project.repo));
  // With a model configured, it classifies (the crash rule first); any failure falls back offline.
  const model = context.classifyModel();
  const classification = await classify(report, model ? { model } : {});
  if (row.groupId) {
    // An edit upstream (a new revision) of a grouped report: analysed again, in its group.
    await store.reports.reanalyse(row.id, { report, classification });
    const group = await store.groups.get(row.groupId);
    if (
      group.representativeReportId === row.id &&
      investigationCause(group.label, { report, classification }) !== undefined &&
      investigationInputChanged(row.analysis?.report, report)
    ) {
      await context.requestInvestigation(group.id, { reason: 'report-edited' });
    }
    return;
  }
  const { group, regressed } = await store.groups.attach({
    reportId: row.id,
    projectId: project.id,
    label: classification.label,
    title: reportTitle(report),
    receivedAt: row.receivedAt,
    sourceKind: row.sourceKind,
    key: groupKey(report, {
      identities: providerIdentities(row),
      boilerplate: await context.boilerplate(project),
    }),
    analysis: { report, classification },
  });
  if (regressed) {
    context.log(`group ${group.id} regressed: report ${row.id} arrived after it was resolved`);
  }
  if (!investigationCause(group.label, { report, classification })) return;
  const revision = await context.revision(project.repo);
  const latest = await store.diagnoses.latest(group.id);
  if (!latest || latest.revision !== revision) {
    await context.requestInvestigation(group.id, {
      reason: latest ? 'revision-changed' : 'new-group',
    });
  }
}

/**
 * A report's provider identities: its own (`<source kind>:<provider id>`: the GitHub issue, the
 * store review) and, for Sentry, its issue (`sentry-issue:<id>`), shared by the issue webhook and
 * every event of the issue.
 */
export function providerIdentities(row: ReportRecord): string[] {
  const identities = [`${row.sourceKind}:${row.sourceReportId}`];
  const issueId = row.meta.issueId;
  if (row.sourceKind === 'sentry' && (typeof issueId === 'string' || typeof issueId === 'number')) {
    identities.push(`sentry-issue:${issueId}`);
  }
  return identities;
}

/** Parses a stored report's payload the way its source delivered it. */
export function parseStored(row: ReportRecord): Report {
  const input = 'json' in row.payload ? (row.payload.json as object) : row.payload.text;
  const [report] = parseReports(input, {
    ...(row.filename ? { filename: row.filename } : {}),
    ...(row.format !== 'auto' ? { format: row.format } : {}),
  });
  if (!report) {
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message: 'No report could be read from the input.',
    });
  }
  return report;
}

/** A one-line title: the report's own, else its first exception, else its first line. */
export function reportTitle(report: Report): string {
  const exception = report.exceptions[0];
  const title =
    report.title?.trim() ||
    (exception ? `${exception.type}${exception.message ? `: ${exception.message}` : ''}` : '') ||
    report.body.trim().split('\n', 1)[0] ||
    '(empty report)';
  return title.length > 200 ? `${title.slice(0, 199)}…` : title;
}
