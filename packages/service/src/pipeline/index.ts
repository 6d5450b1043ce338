/**
 * The pipeline: ingest → parse → classify → group → investigate, as persistent jobs.
 * See shared/ARCHITECTURE.md, "Data flow of the main job", for what an investigation does.
 */
import { SightlineError } from '@sightline/core';
import type { JobHandler } from '../queue/index.js';
import type { InstantiateSourceOptions } from '../sources/instantiate.js';
import type { RawReport, UpstreamStatus, WebhookRequest } from '../sources/types.js';
import type { ReportOrigin, SourceRecord } from '../store/index.js';
import { INVESTIGATED_LABELS } from '../vocabulary.js';
import { type IngestResult, ingestReports } from './ingest.js';
import {
  type InvestigateGroupJob,
  investigateGroup,
  investigationPutBack,
} from './investigate-group.js';
import { INVESTIGATE_GROUP, PROCESS_REPORT } from './jobs.js';
import {
  createPipelineContext,
  type PipelineContext,
  type PipelineContextOptions,
} from './pipeline-context.js';
import { jobReportIds, processReports } from './process-report.js';
import { followUpstream, receiveWebhook, type WebhookOutcome } from './receive-webhook.js';
import { type RegateOutcome, regateStored } from './regate-stored.js';

export {
  type Boilerplate,
  DEFAULT_BOILERPLATE,
  joinBoilerplate,
} from '../adapters/investigator.js';
export {
  GROUPING_TEXT_CHARS,
  learnBoilerplate,
  MIN_LEARNING_SAMPLE,
  stripBoilerplate,
} from './boilerplate.js';
export { crashSignature, legacyCrashSignatures } from './crash-signature.js';
export {
  contentShingles,
  contentWords,
  estimateJaccard,
  groupKey,
  ISSUE_TEXT,
  jaccard,
  REVIEW_TEXT,
  type TextSettings,
  textMinHash,
  textSimilarity,
} from './group-key.js';
export type { IngestResult } from './ingest.js';
export type { InvestigateGroupJob } from './investigate-group.js';
export { type GroupInvestigation, groupInvestigation } from './investigation-state.js';
export { INVESTIGATE_GROUP, PIPELINE_POLICIES, PROCESS_REPORT, REPORTS_PER_JOB } from './jobs.js';
export {
  type InvestigationRequest,
  LEARNING_SAMPLE,
  type PipelineContext,
  type PipelineContextOptions,
  RELEARN_EVERY,
} from './pipeline-context.js';
export type { WebhookOutcome } from './receive-webhook.js';
export { type RegateCount, type RegateOutcome, regateStored } from './regate-stored.js';
export { UNVERSIONED } from './revision.js';

/** The pipeline: its job handlers and the operations the HTTP API and the CLI call. */
export interface Pipeline {
  context: PipelineContext;
  /** Handlers of the pipeline's queues, for `queue.work`. */
  handlers: Record<string, JobHandler>;
  /** Stores raw reports and queues them (see `ingestReports`). */
  ingest(reports: readonly RawReport[], origin: ReportOrigin): Promise<IngestResult>;
  /**
   * A webhook arrived for source `sourceId`: its source verifies the delivery and what it holds
   * is ingested (see `receiveWebhook`).
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is no such source.
   */
  receiveWebhook(
    sourceId: string,
    delivery: WebhookRequest,
    sources: InstantiateSourceOptions,
  ): Promise<WebhookOutcome>;
  /** Follows status changes upstream a poll of `source` saw (see `followUpstream`). */
  followUpstream(
    source: Pick<SourceRecord, 'projectId' | 'config'>,
    upstream: readonly UpstreamStatus[],
  ): Promise<void>;
  /**
   * Queues a new investigation of a group, whatever its label: the groups `investigationCause`
   * names are investigated on arrival, any other group when someone asks (a classifier can be wrong).
   * @param options.model - name of a model the operator configured (see `ModelChoice`).
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND`; `INVALID_ARGUMENT` when `model` is a URL or
   *   names no configured model (nothing is queued).
   */
  reinvestigate(groupId: string, options?: { model?: string }): Promise<void>;
  /**
   * Queues a failed (or stopped) investigation again, with a fresh count of attempts.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND`; `INVALID_ARGUMENT` when the group's
   * investigation has not failed (re-investigate it instead).
   */
  retry(groupId: string): Promise<void>;
  /**
   * Queues investigations of open bug and crash groups whose latest diagnosis is of another
   * revision than their repository's HEAD. @returns how many were queued.
   */
  refreshStaleDiagnoses(): Promise<number>;
  /**
   * Queues again the investigations that waited for the daily cost cap and whose day has come.
   * @param now - Default: the pipeline's clock. @returns how many were queued.
   */
  resumeWaiting(now?: Date): Promise<number>;
  /**
   * Passes stored analyses and diagnoses gated under older secret rules through today's gate
   * (see `regateStored`); the service does it at start, before it works or serves.
   */
  regateStored(): Promise<RegateOutcome>;
}

/**
 * Creates the pipeline over a store and a queue. It listens to the queue's put-back jobs: a group
 * whose investigation an orderly stop put back shows queued (see `investigationPutBack`).
 */
export function createPipeline(options: PipelineContextOptions): Pipeline {
  const context = createPipelineContext(options);
  options.queue.onJobPutBack(async (job) => {
    if (job.queue === INVESTIGATE_GROUP) await investigationPutBack(context, job);
  });
  return {
    context,
    handlers: {
      [PROCESS_REPORT]: (data, job) => processReports(context, jobReportIds(data), job.attempt),
      [INVESTIGATE_GROUP]: (data, job) =>
        investigateGroup(context, data as unknown as InvestigateGroupJob, job),
    },
    ingest: (reports, origin) => ingestReports(context, reports, origin),
    receiveWebhook: (sourceId, delivery, sources) =>
      receiveWebhook(context, sourceId, delivery, sources),
    followUpstream: (source, upstream) => followUpstream(context, source, upstream),
    async reinvestigate(groupId, { model } = {}) {
      if (model) context.models.spec(model);
      await context.store.groups.get(groupId);
      await context.requestInvestigation(groupId, {
        reason: 'requested',
        ...(model ? { model } : {}),
      });
    },
    async retry(groupId) {
      const group = await context.store.groups.get(groupId);
      if (group.investigation?.state !== 'failed') {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `Group ${groupId}'s investigation has not failed (${group.investigation?.state ?? 'never queued'}); to run it again use POST /api/groups/${groupId}/investigate.`,
        });
      }
      await context.requestInvestigation(groupId, { reason: 'retry' });
    },
    async refreshStaleDiagnoses() {
      let queued = 0;
      for (const project of await context.store.projects.list()) {
        const revision = await context.revision(project.repo);
        const groups = await context.store.groups.listOpen(project.id, INVESTIGATED_LABELS);
        const latest = await context.store.diagnoses.latestRevisions(
          groups.map((group) => group.id),
        );
        for (const group of groups) {
          if (latest.has(group.id) && latest.get(group.id) !== revision) {
            await context.requestInvestigation(group.id, { reason: 'revision-changed' });
            queued += 1;
          }
        }
      }
      return queued;
    },
    regateStored: () => regateStored(context.store, context.log),
    async resumeWaiting(now = context.now()) {
      const due = await context.store.waits.takeDue(now);
      for (const wait of due) {
        await context.requestInvestigation(wait.groupId, {
          reason: wait.reason,
          ...(wait.model ? { model: wait.model } : {}),
        });
      }
      return due.length;
    },
  };
}
