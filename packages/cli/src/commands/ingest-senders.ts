/**
 * Where `sightline ingest` hands reports: a running service's `POST /api/reports` (in requests
 * within the API's limits, as the service defines them) or the service's store itself.
 */
import fs from 'node:fs';
import { validateHeaderValue } from 'node:http';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import {
  createPipeline,
  type IngestResult,
  openQueue,
  PIPELINE_POLICIES,
  type RawReport,
  TOKEN_FILE,
} from '@sightline/service';
import {
  DEFAULT_LIMITS,
  ingestResultSchema,
  MAX_REPORTS_PER_REQUEST,
  rawReportToApiReport,
} from '@sightline/service/internal';
import {
  openServiceStore,
  pickProject,
  type ServiceLocationOptions,
  serviceDataDir,
} from '../options/service-store.js';
import { batchRanges } from './ingest-batches.js';
import { type RetryBusyOutcome, retryBusy } from './ingest-retry.js';

/** Hands reports over, one batch a call. */
export interface Sender {
  /** The batches one {@link Sender.ingest} call each takes, as `[start, end)` indexes of `reports`. */
  batches(reports: readonly RawReport[]): [number, number][];
  /**
   * Stores one batch, all or nothing.
   * @throws SightlineError `INVALID_ARGUMENT` when the service cannot be reached or refuses it.
   */
  ingest(reports: readonly RawReport[]): Promise<IngestResult>;
  close(): Promise<void>;
}

/** Options of {@link httpSender}. */
export interface HttpSenderOptions extends ServiceLocationOptions {
  /** The service's address (http or https). */
  url: string;
  /** Its API token. Default `$SIGHTLINE_API_TOKEN`, else the data folder's `api-token`. */
  token?: string | undefined;
  /** The project of the reports. Default: the service's only one. */
  project?: string | undefined;
}

/** What {@link httpSender} needs of its surroundings. */
export interface HttpSenderIO {
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch | undefined;
  /** Where a wait for a busy service is told. Default: nowhere. */
  stderr?: ((text: string) => void) | undefined;
  /** Waits `ms` milliseconds before a retry (see `retryBusy`). Default: a timer. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * A sender to `POST /api/reports` of the service at `options.url`: a batch is one request of at
 * most `MAX_REPORTS_PER_REQUEST` reports and `DEFAULT_LIMITS.reportBodyBytes` bytes, sent again
 * while the service is busy (429, or 503 with `Retry-After`; `retryBusy`: up to 3 times, 60 s of
 * waiting in all).
 * @throws SightlineError `INVALID_ARGUMENT` when no API token is given or found, or the token holds
 *   a character an HTTP header cannot carry (the token is not shown).
 */
export function httpSender(options: HttpSenderOptions, io: HttpSenderIO): Sender {
  const token = options.token ?? io.env.SIGHTLINE_API_TOKEN ?? readTokenFile(options);
  // Trial 34: fetch's Headers refused a token with a line break, quoting it whole. Node's own
  // check says which header, never the value.
  try {
    validateHeaderValue('authorization', `Bearer ${token}`);
  } catch {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The API token holds a line break, a control character or a character outside Latin-1 (${token.length} characters), which an HTTP header cannot carry: give the token the service printed, as one line.`,
    });
  }
  const endpoint = new URL('/api/reports', options.url);
  const envelope = options.project ? { project: options.project } : {};
  return {
    batches(reports) {
      const sizes = reports.map((report) =>
        Buffer.byteLength(JSON.stringify(rawReportToApiReport(report))),
      );
      return batchRanges(sizes, {
        maxCount: MAX_REPORTS_PER_REQUEST,
        maxBytes: DEFAULT_LIMITS.reportBodyBytes,
        baseBytes: Buffer.byteLength(JSON.stringify({ ...envelope, reports: [] })),
      });
    },
    async ingest(reports) {
      const body = { ...envelope, reports: reports.map(rawReportToApiReport) };
      let outcome: RetryBusyOutcome;
      try {
        outcome = await retryBusy(
          () =>
            (io.fetch ?? fetch)(endpoint, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            }),
          {
            ...(io.sleep ? { sleep: io.sleep } : {}),
            onRetry: ({ status, waitMs, retry, retries }) =>
              io.stderr?.(
                `sightline ingest: the service is busy (${status}); sending again in ${seconds(waitMs)} s (retry ${retry} of ${retries}).\n`,
              ),
          },
        );
      } catch (error) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `Cannot reach ${endpoint.origin}: ${error instanceof Error ? error.message : String(error)}. Is \`sightline serve\` running there?`,
        });
      }
      const { response } = outcome;
      const answer: unknown = await response.json().catch(() => ({}));
      if (!response.ok) {
        const refusal = (answer as { error?: { message?: string } }).error?.message;
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `The service refused the reports (${refusalStatus(outcome)}): ${refusal ?? response.statusText}`,
        });
      }
      // The API's own answer shape, so --json prints over --url what it prints with --data.
      const result = ingestResultSchema.safeParse(answer);
      if (!result.success) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `${endpoint.origin} answered ${response.status} but not with the stored reports (no stored, duplicates, revised and reportIds). Is it a Sightline service of this version?`,
        });
      }
      return result.data;
    },
    close: async () => {},
  };
}

/** A refusal's status, with the retries made and the wait it still asks for: `429; sent 4 times over 3 s; Retry-After 30 s`. */
function refusalStatus({ response, retries, waitedMs, retryAfterMs }: RetryBusyOutcome): string {
  return [
    String(response.status),
    ...(retries > 0 ? [`sent ${retries + 1} times over ${seconds(waitedMs)} s`] : []),
    ...(retryAfterMs !== undefined ? [`Retry-After ${seconds(retryAfterMs)} s`] : []),
  ].join('; ');
}

/** Milliseconds as whole seconds, rounded up (a wait of 0.2 s is `1`). */
function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

function readTokenFile(options: ServiceLocationOptions): string {
  const file = path.join(serviceDataDir(options), TOKEN_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `No API token: pass --token, set SIGHTLINE_API_TOKEN, or point --data at the service's data folder (${file} is missing).`,
    });
  }
}

/**
 * A sender straight into the service's store (`--data`, `--database`, `--repo`), where its worker
 * picks the reports up: a file's reports are one batch, stored in one transaction.
 * @throws the errors of `openServiceStore` and `pickProject`.
 */
export async function storeSender(
  options: ServiceLocationOptions & { project?: string | undefined },
): Promise<Sender> {
  const store = await openServiceStore(options, { takesUrl: true });
  const queue = await openQueue(store, PIPELINE_POLICIES);
  const close = async () => {
    await queue.stop();
    await store.close();
  };
  const project = await pickProject(store, options.project).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const pipeline = createPipeline({ store, queue });
  return {
    batches: (reports) => (reports.length > 0 ? [[0, reports.length]] : []),
    ingest: async (reports) => pipeline.ingest(reports, { projectId: project.id, sourceId: null }),
    close,
  };
}
