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
  /**
   * Fires at the job's timeout or when the worker stops. When the queue stops in order and puts
   * the job back as it was, its reason is a {@link JobInterruptedError} (see
   * {@link isInterruptedByStop}); at the timeout it is the timeout's `TimeoutError`.
   */
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

/** A job an orderly stop put back as it was (see {@link JobQueue.onJobPutBack}). */
export interface PutBackJob {
  /** The job's queue. */
  queue: string;
  /** The job's id in the queue. */
  id: string;
  /** The job's data, as sent. */
  data: Record<string, unknown>;
  /** The attempt the stop cut short (1 on the first run): not counted, the next run is it again. */
  attempt: number;
}

/** Told of each job an orderly stop put back; what it throws is logged, the job stays put back. */
export type JobPutBackListener = (job: PutBackJob) => void | Promise<void>;

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
  /**
   * Stops working: running jobs get their signal, then the queue waits for them to settle (at most
   * {@link JOB_STOP_GRACE_MS} after the signal). The embedded queue puts each interrupted job back as
   * it was, its attempt not counted; pg-boss counts it as a failed attempt.
   */
  stop(): Promise<void>;
  /**
   * Calls `listener` for each job the embedded queue's orderly stop puts back as it was, once the
   * put-back is stored and before {@link JobQueue.stop} resolves, whether or not the job's handler
   * honoured its signal (one that ignores it, as repository indexing does, is put back at the end
   * of the grace while its work goes on). Listeners run one after another. pg-boss never calls it:
   * it counts a stopped run as a failed attempt instead.
   * @returns a function that removes the listener.
   */
  onJobPutBack(listener: JobPutBackListener): () => void;
}

/** Backoff before attempt `attempt + 1`, ms: `retryDelayMs · 2^(attempt − 1)`, at most 10 minutes. */
export function retryDelay(policy: QueuePolicy, attempt: number): number {
  return Math.min(policy.retryDelayMs * 2 ** Math.max(0, attempt - 1), 600_000);
}

/**
 * How long a stop waits for a running job to settle after its signal fired, ms: enough for a
 * handler that honours its signal to record where it stopped before the store closes.
 */
export const JOB_STOP_GRACE_MS = 2_000;

/**
 * The reason a queue's orderly stop aborts its running jobs with when it puts each back as it was
 * (same attempt count, run again first at the next start): the run was cut short by the service's
 * own stop, so it is no failed attempt. A process killed hard gives nothing back (its lost run
 * counts), so a job that kills its process cannot loop for ever.
 */
export class JobInterruptedError extends Error {
  override readonly name = 'JobInterruptedError';

  constructor() {
    super('The service stopped during the job; it runs again on the next start.');
  }

  /** Whether `error` is one (checked by name, so it survives duplicate installs). */
  static isInstance(error: unknown): error is JobInterruptedError {
    return error instanceof Error && error.name === 'JobInterruptedError';
  }
}

/**
 * Whether a job's signal fired because the queue stopped in order and puts the job back as it was
 * (not at the job's timeout, which came first if both fired).
 */
export function isInterruptedByStop(signal: AbortSignal): boolean {
  return signal.aborted && JobInterruptedError.isInstance(signal.reason);
}

/**
 * Runs a handler with the job's timeout: the signal fires at `timeoutMs` (or when `stopSignal`
 * fires) and the attempt fails with a timeout error even if the handler ignores the signal. When
 * `stopSignal` fires first, the handler gets up to `stopGraceMs` to settle; unless it succeeds,
 * the run ends with the stop's reason when that is a {@link JobInterruptedError} (the queue puts
 * the job back), else with a "worker stopped" error. A job whose stop fired before it began is not
 * begun.
 * @param options.stopGraceMs - Default {@link JOB_STOP_GRACE_MS}.
 */
export async function runWithTimeout(
  handler: JobHandler,
  data: Record<string, unknown>,
  context: Omit<JobContext, 'signal'>,
  options: { timeoutMs: number; stopSignal: AbortSignal; stopGraceMs?: number },
): Promise<void> {
  const { timeoutMs, stopSignal, stopGraceMs = JOB_STOP_GRACE_MS } = options;
  if (stopSignal.aborted) throw stopError(stopSignal);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([timeout, stopSignal]);
  const run = handler(data, { ...context, signal });
  let onAbort: () => void = () => {};
  let grace: ReturnType<typeof setTimeout> | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (isStop(signal, stopSignal)) {
        grace = setTimeout(() => reject(stopError(stopSignal)), stopGraceMs);
      } else reject(new Error(`The job ran longer than its timeout of ${timeoutMs} ms.`));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([
      // A handler that fails after the stop fired was cut short by it: the stop's error.
      run.catch((error: unknown) => {
        throw isStop(signal, stopSignal) ? stopError(stopSignal) : error;
      }),
      aborted,
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
    clearTimeout(grace);
  }
}

/** Whether the job's `signal` fired because of the stop (not its timeout, which came first). */
function isStop(signal: AbortSignal, stopSignal: AbortSignal): boolean {
  return signal.aborted && signal.reason === stopSignal.reason;
}

/** The error a run cut short by the stop ends with. */
function stopError(stopSignal: AbortSignal): Error {
  return JobInterruptedError.isInstance(stopSignal.reason)
    ? stopSignal.reason
    : new Error('The worker stopped during the job.');
}

/** The message of an error thrown by a handler, as kept with a failed job. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
