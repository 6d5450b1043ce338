/**
 * The `process-report` job: stored reports, a batch of them, are parsed (their secrets withheld,
 * in-app frames marked against their project's repository), classified (by the default model when
 * one is configured, else offline) and attached to their groups, with that analysis stored, all
 * attachments of the batch in one transaction: the only time a report is read. What a batch needs
 * once (its projects, their repositories and boilerplate, the revision) is loaded once. A group
 * investigated on arrival (see `investigationCause`) without a diagnosis of the repository's
 * current revision gets an investigation job. A report edited upstream (a new revision) is analysed
 * again in its group, and its group investigated again when what the investigation reads changed.
 * Every step is idempotent: a batch retried after a crash skips the reports it already grouped.
 */
import { SightlineError } from '@sightline/core';
import {
  classify,
  gateReport,
  markInAppFrames,
  parseReports,
  type Report,
  reportTitle,
} from '../adapters/investigator.js';
import {
  type AttachReport,
  type ProjectRecord,
  payloadText,
  type ReportAnalysis,
  type ReportRecord,
} from '../store/index.js';
import { groupKey } from './group-key.js';
import { investigationCause } from './investigation-policy.js';
import { PROCESS_REPORT } from './jobs.js';
import { withOwnTitle } from './own-title.js';
import type { PipelineContext } from './pipeline-context.js';
import { investigationInputChanged } from './report-edit.js';

/**
 * The reports a `process-report` job's data names, in order: `{ reportIds }`, or `{ reportId }`
 * (one report, a job queued by an older version).
 */
export function jobReportIds(data: Record<string, unknown>): string[] {
  if (Array.isArray(data.reportIds)) return data.reportIds.map(String);
  return data.reportId === undefined ? [] : [String(data.reportId)];
}

/**
 * Runs the job for a batch of reports. A report intake cannot read is marked `failed` with the
 * reason (a user's input, not a fault to retry). Other errors throw so the queue retries the
 * batch; on the job's last attempt, a report whose analysis, re-analysis or grouping still throws
 * is marked `failed` with the error instead (the batch's attachments are then made one report at
 * a time), so one report cannot keep the rest of its batch from their groups.
 * @param attempt - the job's attempt, 1 on the first run. Default 1.
 */
export async function processReports(
  context: PipelineContext,
  reportIds: readonly string[],
  attempt = 1,
): Promise<void> {
  const { store } = context;
  const order = new Map(reportIds.map((id, index) => [id, index]));
  const rows = (await store.reports.getMany(reportIds))
    .filter((row) => row.stage === 'received')
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  if (rows.length === 0) return;
  const projects = new Map<string, Promise<ProjectRecord>>();
  const projectOf = (id: string) => {
    let project = projects.get(id);
    if (!project) {
      project = store.projects.get(id);
      projects.set(id, project);
    }
    return project;
  };
  const last = attempt >= (context.policies[PROCESS_REPORT]?.maxAttempts ?? 1);
  const attach: (AttachReport & { analysis: ReportAnalysis })[] = [];
  for (const row of rows) {
    // On the last attempt, a report whose analysis (or re-analysis) still throws fails alone.
    const input = await analyseOne(context, row, await projectOf(row.projectId)).catch(
      async (error: unknown) => {
        if (!last) throw error;
        await failReport(context, row.id, `analysis failed: ${errorMessage(error)}`);
        return undefined;
      },
    );
    if (input) attach.push(input);
  }
  const investigate = new Map<string, string>();
  for (const { input, group, regressed } of await attachAll(context, attach, last)) {
    if (regressed) {
      const release = input.release;
      context.log(
        `group ${group.id} regressed: report ${input.reportId} arrived after it was resolved${release ? ` (release ${release}, resolved in ${group.resolvedInRelease ?? 'an unknown release'})` : ''}`,
      );
    }
    if (investigationCause(group.label, input.analysis) !== undefined) {
      investigate.set(group.id, (await projectOf(group.projectId)).repo);
    }
  }
  const diagnosed = await store.diagnoses.latestRevisions([...investigate.keys()]);
  const requests = [];
  for (const [groupId, repo] of investigate) {
    const latest = diagnosed.get(groupId);
    if (latest !== (await context.revision(repo))) {
      requests.push({ groupId, reason: latest === undefined ? 'new-group' : 'revision-changed' });
    }
  }
  await context.requestInvestigations(requests);
}

/**
 * Analyses one report of a batch: an edited grouped report is analysed again in its group (and
 * undefined returned); a new one comes back ready to attach. Undefined, too, when intake cannot
 * read it (then it is marked failed).
 */
async function analyseOne(
  context: PipelineContext,
  row: ReportRecord,
  project: ProjectRecord,
): Promise<(AttachReport & { analysis: ReportAnalysis }) | undefined> {
  const analysis = await analyse(context, row, project);
  if (!analysis) return undefined;
  if (row.groupId) {
    await reanalyse(context, row, analysis, project);
    return undefined;
  }
  return attachInput(context, row, project, analysis);
}

/**
 * How a report is attached to its group: its label, title, release and group key, and the
 * analysis to store, its title its own when intake took a form's line from its text
 * (`withOwnTitle`: the form's lines are known only now).
 */
async function attachInput(
  context: PipelineContext,
  row: ReportRecord,
  project: ProjectRecord,
  parsed: ReportAnalysis,
): Promise<AttachReport & { analysis: ReportAnalysis }> {
  const boilerplate = await context.boilerplate(project, parsed.report);
  const analysis = { ...parsed, report: withOwnTitle(parsed.report, boilerplate) };
  return {
    reportId: row.id,
    projectId: project.id,
    label: analysis.classification.label,
    title: reportTitle(analysis.report),
    receivedAt: row.receivedAt,
    sourceKind: row.sourceKind,
    payload: payloadText(row.payload),
    ...withRelease(reportRelease(analysis.report, row)),
    // Grouped by the text as intake read it: the title taken is a line of that text already.
    key: groupKey(parsed.report, { identities: providerIdentities(row), boilerplate }),
    analysis,
  };
}

type Attached = NonNullable<
  Awaited<ReturnType<PipelineContext['store']['groups']['attachMany']>>[number]
>;

/**
 * Attaches the batch's reports in one transaction. On the last attempt, when that throws, each
 * report is attached on its own and one that still throws is marked failed, so it cannot keep
 * the others from their groups.
 * @returns each attached report with its group.
 */
async function attachAll(
  context: PipelineContext,
  inputs: (AttachReport & { analysis: ReportAnalysis })[],
  last: boolean,
): Promise<({ input: AttachReport & { analysis: ReportAnalysis } } & Attached)[]> {
  const { groups } = context.store;
  try {
    const attached = await groups.attachMany(inputs);
    return inputs.flatMap((input, index) => {
      const result = attached[index];
      return result ? [{ input, ...result }] : [];
    });
  } catch (error) {
    if (!last) throw error;
  }
  const attached: ({ input: AttachReport & { analysis: ReportAnalysis } } & Attached)[] = [];
  for (const input of inputs) {
    try {
      const [result] = await groups.attachMany([input]);
      if (result) attached.push({ input, ...result });
    } catch (error) {
      await failReport(context, input.reportId, `grouping failed: ${errorMessage(error)}`);
    }
  }
  return attached;
}

/**
 * Parses, gates (`gateReport`), marks and classifies one report; undefined when intake cannot
 * read it (then it is marked failed with the reason).
 */
async function analyse(
  context: PipelineContext,
  row: ReportRecord,
  project: ProjectRecord,
): Promise<ReportAnalysis | undefined> {
  let report: Report;
  try {
    report = parseStored(row);
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    await failReport(context, row.id, error.message);
    return undefined;
  }
  // Everything made of the report (its stored analysis, the group's title, a model's prompt, the
  // diagnosis, the digest, a GitHub comment) is made of its gated text; the payload stays as sent.
  report = await markInAppFrames(await gateReport(report), await context.repository(project.repo));
  // With a model configured, it classifies (the crash rule first); any failure falls back offline.
  const model = context.classifyModel();
  const classification = await classify(report, model ? { model } : {});
  return { report, classification };
}

async function failReport(context: PipelineContext, reportId: string, reason: string) {
  await context.store.reports.fail(reportId, reason);
  context.log(`report ${reportId} could not be read: ${reason}`);
}

/**
 * An edit upstream (a new revision) of a grouped report: analysed again and regrouped (see
 * `GroupStore.regroup`: it stays, takes its group of one with it, or leaves for the group its new
 * text belongs to). A group the edit leaves without a diagnosis of what it now holds is
 * investigated again: the report's own group when its representative's investigation would read
 * something new, the group it joined when it is that group's representative, the group it left
 * when that group took another representative after a diagnosis.
 */
async function reanalyse(
  context: PipelineContext,
  row: ReportRecord,
  parsed: ReportAnalysis,
  project: ProjectRecord,
) {
  const input = await attachInput(context, row, project, parsed);
  const { analysis } = input;
  const regrouped = await context.store.groups.regroup(input);
  // Edited again since it was read: the newer edit's job analyses it.
  if (!regrouped) return;
  const { group, change, left, representativeChanged } = regrouped;
  if (change !== 'kept') {
    context.log(
      `report ${row.id} was edited into another problem: ${change === 'merged' ? `its group ${left?.id} merged into` : `moved from group ${left?.id} to`} group ${group.id}`,
    );
  }
  const requests: { groupId: string; reason: string }[] = [];
  const inputChanged =
    change !== 'kept' || investigationInputChanged(row.analysis?.report, analysis.report);
  if (
    group.representativeReportId === row.id &&
    inputChanged &&
    investigationCause(group.label, analysis) !== undefined
  ) {
    requests.push({ groupId: group.id, reason: 'report-edited' });
  }
  if (left && representativeChanged && left.latestDiagnosisVersion > 0) {
    requests.push({ groupId: left.id, reason: 'report-edited' });
  }
  for (const { groupId, reason } of requests) {
    await context.requestInvestigation(groupId, { reason });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A report's provider identities: its own (`<source kind>:<provider id>`: the GitHub issue, the
 * store review) and, for Sentry, its issue (`sentry-issue:<id>`), shared by the issue webhook and
 * every event of the issue.
 */
export function providerIdentities(
  row: Pick<ReportRecord, 'sourceKind' | 'sourceReportId' | 'meta'>,
): string[] {
  const identities = [`${row.sourceKind}:${row.sourceReportId}`];
  const issueId = row.meta.issueId;
  if (row.sourceKind === 'sentry' && (typeof issueId === 'string' || typeof issueId === 'number')) {
    identities.push(`sentry-issue:${issueId}`);
  }
  return identities;
}

/**
 * The release or app version a report came from: what intake read from the payload
 * (`appVersion`), else the source's `release` or `appVersion` (Sentry events, store reviews) — the
 * same order the inbox's release column reads.
 */
export function reportRelease(report: Report, row: ReportRecord): string | undefined {
  for (const value of [report.appVersion, row.meta.release, row.meta.appVersion]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

const withRelease = (release: string | undefined) => (release ? { release } : {});

/**
 * Parses a stored report's payload the way its source delivered it. Its size was bounded when it
 * arrived (10 MiB as sent), so none is applied to the decoded text here.
 * @throws SightlineError `REPORT_UNPARSEABLE` when no report can be read; parseReports' errors.
 */
export function parseStored(row: ReportRecord): Report {
  const input = 'json' in row.payload ? (row.payload.json as object) : row.payload.text;
  const [report] = parseReports(input, {
    ...(row.filename ? { filename: row.filename } : {}),
    ...(row.format !== 'auto' ? { format: row.format } : {}),
    // Bounded when it arrived, by its bytes as sent: UTF-16 text of 8 MiB is over 10 MiB in UTF-8.
    maxBytes: Number.POSITIVE_INFINITY,
  });
  if (!report) {
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message: 'No report could be read from the input.',
    });
  }
  return report;
}
