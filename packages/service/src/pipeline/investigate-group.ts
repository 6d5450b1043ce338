/**
 * The `investigate-group` job: the group's first report is investigated against its project's
 * repository at the current revision (offline, or with a model), and the verified diagnosis is
 * stored as the group's next version. The job's id is the diagnosis' run key, so a job retried
 * after a crash stores its diagnosis once.
 */
import { SightlineError } from '@sightline/core';
import { investigate } from '../adapters/investigator.js';
import type { JobContext } from '../queue/index.js';
import type { PipelineContext } from './pipeline-context.js';

/** Data of an `investigate-group` job. */
export interface InvestigateGroupJob {
  groupId: string;
  /** Model spec; absent: the service's default model, or offline when it has none. */
  model?: string;
  /** Why it was queued (`new-group`, `revision-changed`, `requested`). */
  reason: string;
}

/** Runs the job. @throws what `investigate` throws (the queue retries, then keeps the error). */
export async function investigateGroup(
  context: PipelineContext,
  job: InvestigateGroupJob,
  { id, signal }: Pick<JobContext, 'id' | 'signal'>,
): Promise<void> {
  const { store } = context;
  const group = await store.groups.get(job.groupId);
  const project = await store.projects.get(group.project_id);
  const report = await store.reports.get(group.representative_report_id);
  if (!report) return;
  const spec = job.model ?? context.defaultModel;
  if (spec && !context.resolveModel) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The investigation asks for the model ${spec}, but this service has no model resolver.`,
    });
  }
  const model = spec && context.resolveModel ? context.resolveModel(spec) : undefined;
  const revision = await context.revision(project.repo);
  // Automatic requests can overlap (two reports of a new group, each asking): one diagnosis per
  // revision is enough. A person's request always runs.
  const latest = await store.diagnoses.latest(group.id);
  if (job.reason !== 'requested' && latest?.revision === revision) return;
  const repository = await context.repository(project.repo);
  const started = performance.now();
  const investigation = await investigate({
    ...(model && context.maxCostUsd !== undefined ? { maxCostUsd: context.maxCostUsd } : {}),
    repo: repository,
    report:
      report.payload_type === 'json' ? (JSON.parse(report.payload) as object) : report.payload,
    ...(report.filename ? { filename: report.filename } : {}),
    ...(report.format !== 'auto' ? { format: report.format } : {}),
    ...(model ? { model } : {}),
    abortSignal: signal,
  }).catch((error: unknown) => {
    // A retry would spend as much again: the capped run ends here, logged, with nothing stored.
    if (!SightlineError.isInstance(error) || error.code !== 'COST_LIMIT_REACHED') throw error;
    context.log(`group ${group.id}: ${error.message}`);
    return undefined;
  });
  if (!investigation) return;
  const { created } = await store.diagnoses.add({
    groupId: group.id,
    runKey: id,
    reportId: report.id,
    revision,
    method: investigation.diagnosis.method,
    model: model ? (spec ?? null) : null,
    diagnosis: investigation.diagnosis,
    suspects: investigation.suspects,
    verification: investigation.verification,
    durationMs: performance.now() - started,
  });
  if (created)
    context.log(`group ${group.id} (${group.label}) diagnosed at ${revision.slice(0, 12)}`);
}
