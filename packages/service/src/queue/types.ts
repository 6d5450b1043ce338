/**
 * The job queue: persistent, at-least-once. Two engines behind one interface: a table in the SQLite
 * store worked by an in-process worker (embedded), and pg-boss on Postgres (any number of
 * `sightline worker` processes). Handlers must be idempotent: a job may run again after a crash.
 */

/** Per-queue policy. */
export interface QueuePolicy {
  /** Attempts in all, first run included. */
  maxAttempts: number;
  /** Delay before the first retry, ms; doubled on each further retry. */
  retryDelayMs: number;
  /** Longest run of one attempt, ms: the handler's signal fires and the attempt fails. */
  timeoutMs: number;
  /**
   * Every job of the queue carries a singleton key: while one job of a key waits, another of that
   * key is dropped (pg-boss' `stately` policy). Default false.
   */
  keyed?: boolean;
}

/** What a handler receives. */
export interface JobContext {
  /** The job's id in the queue. */
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /** Fires at the job's timeout or when the worker stops. */
  signal: AbortSignal;
}

/** Runs one job; throwing fails the attempt (retried until `maxAttempts`). */
export type JobHandler = (data: Record<string, unknown>, context: JobContext) => Promise<void>;

/** Options of {@link JobQueue.send}. */
export interface SendOptions {
  /** While a job with this key waits or runs, another with it is not added. */
  singletonKey?: string;
}

/** A job that ended `failed`, for the console. */
export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  attempts: number;
}

/** A job queue engine. */
export interface JobQueue {
  /** Adds a job to `queue`. */
  send(queue: string, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  /** Adds jobs to `queue` in one round trip (one transaction on SQLite). */
  sendMany(
    queue: string,
    jobs: readonly { data: Record<string, unknown>; options?: SendOptions }[],
  ): Promise<void>;
  /**
   * Starts working the queues given, at most `concurrency` jobs at once in this process.
   * Jobs an earlier process left running (killed mid-job) are taken up again.
   */
  work(handlers: Record<string, JobHandler>, options: { concurrency: number }): Promise<void>;
  /** Waits until no job is queued or running (tests, `ingest --wait`, the benchmark). */
  drain(options?: { timeoutMs?: number; pollMs?: number }): Promise<void>;
  /** Jobs by state. */
  counts(): Promise<Record<string, number>>;
  /** The newest failed jobs with their errors. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Stops working: running jobs get their signal, then the queue waits for them to settle. */
  stop(): Promise<void>;
}

/** Backoff before attempt `attempt + 1`, ms: `retryDelayMs · 2^(attempt − 1)`, at most 10 minutes. */
export function retryDelay(policy: QueuePolicy, attempt: number): number {
  return Math.min(policy.retryDelayMs * 2 ** Math.max(0, attempt - 1), 600_000);
}

/**
 * Runs a handler with the job's timeout: the signal fires at `timeoutMs` (or when `stopSignal`
 * fires) and the attempt fails with a timeout error even if the handler ignores the signal.
 */
export async function runWithTimeout(
  handler: JobHandler,
  data: Record<string, unknown>,
  context: Omit<JobContext, 'signal'>,
  options: { timeoutMs: number; stopSignal: AbortSignal },
): Promise<void> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([timeout, options.stopSignal]);
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () =>
      reject(
        new Error(
          timeout.aborted
            ? `The job ran longer than its timeout of ${options.timeoutMs} ms.`
            : 'The worker stopped during the job.',
        ),
      );
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([handler(data, { ...context, signal }), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The message of an error thrown by a handler, as kept with a failed job. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
