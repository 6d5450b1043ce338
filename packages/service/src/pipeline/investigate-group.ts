/**
 * The `investigate-group` job: the group's first report is investigated against its project's
 * repository at the current revision (offline, or with a model), and the verified diagnosis is
 * stored as the group's next version. The report is not read again: the investigation starts from
 * the analysis `process-report` stored (parsed report, in-app frames, classification), so the
 * diagnosis carries the group's classification; the lines of the project's issue template are
 * left out of its text. The job's id is the diagnosis' run key, so a job
 * retried after a crash stores its diagnosis once. The group's investigation state follows the
 * job: running, done, queued again after a failed attempt, failed after the last (each failed
 * attempt said in one line of the service's log, with the group and the reason). A run the
 * service's own stop cuts short is no failed attempt: the queue puts it back and tells the
 * pipeline, and the group shows queued with {@link INTERRUPTED_BY_STOP} (see
 * {@link investigationPutBack}) — also when the run did not heed its signal (repository indexing
 * does not check it), which before left the group `running` until the job ran again.
 */
import { SightlineError } from '@sightline/core';
import { investigate, reportWithoutTemplate } from '../adapters/investigator.js';
import { isInterruptedByStop, type JobContext, type PutBackJob } from '../queue/index.js';
import { dailyBudget, recordSpend, waitForNextDay } from './daily-budget.js';
import { INVESTIGATE_GROUP } from './jobs.js';
import type { PipelineContext } from './pipeline-context.js';
import { UNVERSIONED } from './revision.js';

/** Data of an `investigate-group` job. */
export interface InvestigateGroupJob {
  groupId: string;
  /** Name of a model the operator configured; absent: the default model, or offline without one. */
  model?: string;
  /** Why it was queued (`new-group`, `revision-changed`, `report-edited`, `requested`, `retry`). */
  reason: string;
}

/** The detail of a group whose investigation the service's stop interrupted. */
export const INTERRUPTED_BY_STOP =
  'Interrupted by a shutdown of the service; it runs again when the service starts.';

/** Reasons of automatic requests that one diagnosis of the current revision satisfies. */
const OVERLAPPING_REASONS = new Set(['new-group', 'revision-changed']);

/** Runs the job. @throws what `investigate` throws (the queue retries, then keeps the error). */
export async function investigateGroup(
  context: PipelineContext,
  job: InvestigateGroupJob,
  { id, signal, attempt }: Pick<JobContext, 'id' | 'signal' | 'attempt'>,
): Promise<void> {
  const { groups } = context.store;
  await groups.setInvestigation(job.groupId, { state: 'running', detail: null, attempts: attempt });
  try {
    const outcome = await run(context, job, { id, signal, attempt });
    if (outcome.waiting !== undefined) {
      context.log(`group ${job.groupId}: ${outcome.waiting}`);
      await groups.setInvestigation(job.groupId, {
        state: 'queued',
        detail: outcome.waiting,
        attempts: attempt,
      });
      return;
    }
    if (outcome.stopped !== undefined) {
      context.log(`group ${job.groupId}: investigation failed: ${oneLine(outcome.stopped)}`);
    }
    await groups.setInvestigation(job.groupId, {
      state: outcome.stopped === undefined ? 'done' : 'failed',
      detail: outcome.stopped ?? null,
      attempts: attempt,
    });
  } catch (error) {
    // The queue gives the attempt back and says so: see investigationPutBack.
    if (isInterruptedByStop(signal)) throw error;
    const maxAttempts = context.policies[INVESTIGATE_GROUP]?.maxAttempts ?? 1;
    const last = attempt >= maxAttempts;
    const reason = error instanceof Error ? error.message : String(error);
    await groups.setInvestigation(job.groupId, {
      state: last ? 'failed' : 'queued',
      detail: reason,
      attempts: attempt,
    });
    context.log(
      last
        ? `group ${job.groupId}: investigation failed after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${oneLine(reason)} (retry: POST /api/groups/${job.groupId}/retry)`
        : // Each failed attempt is said as it happens (fresh-user trial 24: minutes of silence).
          `group ${job.groupId}: investigation attempt ${attempt} of ${maxAttempts} failed, queued again: ${oneLine(reason)}`,
    );
    throw error;
  }
}

/**
 * Marks the group of an investigation the queue's orderly stop put back as it was: queued with
 * {@link INTERRUPTED_BY_STOP}, the cut-short attempt not counted (`attempts` is `attempt − 1`), and
 * says so in one line of the log. The queue calls it (through `JobQueue.onJobPutBack`, which the
 * pipeline listens to) once the job is back, whether or not the run heeded its signal.
 * @param putBack - the job put back; its `data` is an {@link InvestigateGroupJob}.
 * @throws what the store throws (the queue logs it; the job stays put back).
 */
export async function investigationPutBack(
  context: PipelineContext,
  putBack: Pick<PutBackJob, 'data' | 'attempt'>,
): Promise<void> {
  const { groupId } = putBack.data as unknown as InvestigateGroupJob;
  await context.store.groups.setInvestigation(groupId, {
    state: 'queued',
    detail: INTERRUPTED_BY_STOP,
    attempts: putBack.attempt - 1,
  });
  context.log(
    `group ${groupId}: investigation interrupted by the shutdown; it runs again on the next start`,
  );
}

/**
 * The investigation itself. @returns why it stopped without a diagnosis, if it did, or why it
 * waits for the next day's budget.
 */
async function run(
  context: PipelineContext,
  job: InvestigateGroupJob,
  { id, signal, attempt }: Pick<JobContext, 'id' | 'signal' | 'attempt'>,
): Promise<{ stopped?: string; waiting?: string }> {
  const { store } = context;
  const group = await store.groups.get(job.groupId);
  const project = await store.projects.get(group.projectId);
  const reportId = group.representativeReportId;
  const analysis = await store.reports.analysis(reportId);
  if (!analysis) return { stopped: `Its report ${reportId} has no stored analysis.` };
  // A job names a configured model; a spec queued by an older version is refused, never called.
  const spec = job.model ? context.models.spec(job.model) : context.defaultModel;
  if (spec && !context.resolveModel) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The investigation asks for the model ${spec}, but this service has no model resolver.`,
    });
  }
  const model = spec && context.resolveModel ? context.resolveModel(spec) : undefined;
  const revision = await context.revision(project.repo);
  // Automatic requests can overlap (two reports of a new group, each asking): one diagnosis per
  // revision is enough. A person's request, a retry and an edited report always run.
  const latest = (await store.diagnoses.latestRevisions([group.id])).get(group.id);
  if (OVERLAPPING_REASONS.has(job.reason) && latest === revision) return {};
  const now = context.now();
  const budget = model ? await dailyBudget(context, now) : {};
  if ('exhaustedUsd' in budget) {
    return { waiting: await waitForNextDay(context, job, { spentUsd: budget.exhaustedUsd, now }) };
  }
  // The run's cap: its own (`--max-cost`), or what is left of the day's when that is less.
  const { leftUsd } = budget;
  const dayBinds = leftUsd !== undefined && leftUsd < (context.maxCostUsd ?? Infinity);
  const capUsd = model ? (dayBinds ? leftUsd : context.maxCostUsd) : undefined;
  // Each attempt spends on its own: a failed attempt is counted, and so is its retry.
  const runKey = `${id}:${attempt}`;
  const spent = (costUsd: number | undefined) =>
    spec
      ? recordSpend(context, { runKey, groupId: group.id, model: spec, costUsd, at: now })
      : undefined;
  const repository = await context.repository(project.repo);
  const historyWarning = await context.historyWarning(project.repo);
  const started = performance.now();
  let investigation: Awaited<ReturnType<typeof investigate>>;
  try {
    investigation = await investigate({
      ...(capUsd !== undefined ? { maxCostUsd: capUsd } : {}),
      ...(context.stepTimeoutMs !== undefined ? { stepTimeoutMs: context.stepTimeoutMs } : {}),
      repo: repository,
      // Opened once per revision: no `git` process per investigation, none at all without history.
      history: await context.history(project.repo),
      ...(historyWarning ? { warnings: [historyWarning] } : {}),
      // No cache: blame's commit-graph is not written either (the index is the repository's).
      ...(context.cacheDir === false ? { cacheDir: false } : {}),
      // Read without the template lines: learned lines may be newer than the stored analysis.
      prepared: {
        ...analysis,
        report: reportWithoutTemplate(analysis.report, await context.boilerplate(project)),
      },
      // Suspect commits are those made before the group was first seen.
      reportedAt: new Date(group.firstSeen),
      ...(model ? { model } : {}),
      abortSignal: signal,
    });
  } catch (error) {
    // What a failed run spent counts against the day's budget (the investigator puts it on every
    // failure after a model call), before the queue retries it.
    if (!SightlineError.isInstance(error)) throw error;
    const costUsd = spentBy(error);
    await spent(costUsd);
    // A retry would spend as much again: the capped run ends here, logged, with nothing stored.
    if (error.code !== 'COST_LIMIT_REACHED') throw error;
    if (!dayBinds) return { stopped: error.message };
    // With the whole day's budget it still reached it: a later day gives it no more, so waiting
    // would spend the cap again every day for nothing.
    if (leftUsd >= (context.maxDailyCostUsd ?? Infinity)) {
      return { stopped: wholeDayReached(context, costUsd) };
    }
    const spentUsd = await context.store.spend.ofDay(now);
    return { waiting: await waitForNextDay(context, job, { spentUsd, now }) };
  }
  if (model) await spent(investigation.diagnosis.stats.costUsd);
  const { created } = await store.diagnoses.add({
    groupId: group.id,
    runKey: id,
    reportId,
    revision,
    model: model ? (spec ?? null) : null,
    diagnosis: investigation.diagnosis,
    suspects: investigation.suspects,
    verification: investigation.verification,
    durationMs: performance.now() - started,
  });
  if (created) {
    const at =
      revision === UNVERSIONED
        ? ' (no revision recorded: the repository is not a git checkout)'
        : ` at ${revision.slice(0, 12)}`;
    context.log(`group ${group.id} (${group.label}) diagnosed${at}`);
  }
  return {};
}

/** What a failed run spent, US dollars (`details.costUsd` or `details.stats.costUsd`); undefined: unknown. */
function spentBy(error: SightlineError): number | undefined {
  const stats = error.details.stats as { costUsd?: unknown } | undefined;
  const costUsd = error.details.costUsd ?? stats?.costUsd;
  return typeof costUsd === 'number' ? costUsd : undefined;
}

/** Why a run that had the whole day's budget and reached it stops for good. */
function wholeDayReached(context: PipelineContext, costUsd: unknown): string {
  const spent = typeof costUsd === 'number' ? ` after an estimated $${costUsd.toFixed(4)}` : '';
  return `Stopped at the daily cost cap: this investigation alone reached the whole of --max-daily-cost ($${context.maxDailyCostUsd})${spent}, so a later day would stop it again. Raise --max-daily-cost and retry it.`;
}

/** A reason on one line of at most 300 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
