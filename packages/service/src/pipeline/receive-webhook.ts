/**
 * A webhook arrived: the source it is addressed to is built from its stored settings, checks the
 * delivery's signature over the raw body, and what it verified is ingested; status changes upstream
 * (closed, resolved, reopened) move their groups unless the source's `followUpstream` is off. The HTTP route only
 * turns the outcome into an answer.
 */
import { SightlineError } from '@sightline/core';
import { type InstantiateSourceOptions, instantiateSource } from '../sources/instantiate.js';
import type { UpstreamStatus, WebhookRequest } from '../sources/types.js';
import type { SourceRecord } from '../store/index.js';
import { type IngestResult, ingestReports } from './ingest.js';
import type { PipelineContext } from './pipeline-context.js';

/** What became of a delivery. */
export type WebhookOutcome =
  | { outcome: 'ingested'; result: IngestResult }
  /** The source takes no webhooks, or is disabled. */
  | { outcome: 'not-accepted'; reason: 'disabled' | 'no-webhooks' }
  /** The delivery has no valid signature: nothing was stored. */
  | { outcome: 'unverified' }
  /** Verified, but what it carries cannot be stored (an event without an id): nothing was stored. */
  | { outcome: 'rejected'; message: string }
  /** The source's stored settings or credentials are bad (the service's fault, not the sender's). */
  | { outcome: 'misconfigured'; code: string; message: string };

/**
 * Handles one delivery to source `sourceId`.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is no such source.
 */
export async function receiveWebhook(
  context: PipelineContext,
  sourceId: string,
  delivery: WebhookRequest,
  sources: InstantiateSourceOptions,
): Promise<WebhookOutcome> {
  const source = await context.store.sources.get(sourceId);
  let instance: ReturnType<typeof instantiateSource>;
  try {
    instance = instantiateSource(source, sources);
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    context.log(`webhook ${source.id}: ${error.message}`);
    return { outcome: 'misconfigured', code: error.code, message: error.message };
  }
  if (!source.enabled) return { outcome: 'not-accepted', reason: 'disabled' };
  if (!instance.webhook) return { outcome: 'not-accepted', reason: 'no-webhooks' };
  const verified = await instance.webhook(delivery);
  if (!verified.verified) return { outcome: 'unverified' };
  if (verified.rejected) return { outcome: 'rejected', message: verified.rejected };
  // A report without an id could not be told from its redelivery: refused, never stored twice.
  if (
    verified.reports.some(
      (report) => typeof report.sourceId !== 'string' || !report.sourceId.trim(),
    )
  ) {
    return {
      outcome: 'rejected',
      message:
        'The event has no id, so it cannot be stored once and only once; nothing was stored.',
    };
  }
  const result = await ingestReports(context, verified.reports, {
    projectId: source.projectId,
    sourceId: source.id,
  });
  await followUpstream(context, source, verified.upstream ?? []);
  return { outcome: 'ingested', result };
}

/**
 * Moves the groups of status changes upstream (see `GroupStore.followUpstream`), unless the
 * source's `followUpstream` setting is false; each change made is one log line.
 */
export async function followUpstream(
  context: PipelineContext,
  source: Pick<SourceRecord, 'projectId' | 'config'>,
  upstream: readonly UpstreamStatus[],
): Promise<void> {
  if ((source.config as { followUpstream?: boolean } | undefined)?.followUpstream === false) return;
  for (const { identity, status, at } of upstream) {
    const group = await context.store.groups.followUpstream(source.projectId, identity, status, at);
    if (group) context.log(`group ${group.id} ${group.status}: ${identity} ${status} upstream`);
  }
}
