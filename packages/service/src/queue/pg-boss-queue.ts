/**
 * The job queue on Postgres: pg-boss (SKIP LOCKED fetches, retries with backoff, expiry of jobs a
 * dead worker held), shared by the service and any number of `sightline worker` processes.
 */
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import {
  errorText,
  type FailedJob,
  type JobHandler,
  type JobQueue,
  type QueuePolicy,
  runWithTimeout,
} from './types.js';

/** Options of {@link createPgBossQueue}. */
export interface PgBossQueueOptions {
  /** Postgres connection URL. */
  url: string;
  /** Policy of each queue by name. */
  policies: Record<string, QueuePolicy>;
  /** Schema pg-boss keeps its tables in. Default `pgboss`. */
  schema?: string;
  /** How often an idle worker fetches, ms. Default 200. */
  pollMs?: number;
}

/**
 * Starts pg-boss (creating its schema and the queues on first use) and returns the queue.
 * @throws Error when Postgres cannot be reached.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { policies, schema = 'pgboss', pollMs = 200 } = options;
  const boss = new PgBoss({ connectionString: options.url, schema, max: 10 });
  // pg-boss reports background errors (lost connection) as events; without a listener they would crash.
  boss.on('error', (error) => console.error(`sightline: job queue: ${errorText(error)}`));
  await boss.start();
  for (const [name, policy] of Object.entries(policies)) {
    await boss.createQueue(name, {
      name,
      policy: policy.keyed ? 'stately' : 'standard',
      retryLimit: policy.maxAttempts - 1,
      retryDelay: Math.max(1, Math.round(policy.retryDelayMs / 1000)),
      retryBackoff: true,
      // A worker that dies mid-job holds it until it expires; then another takes it up.
      expireInSeconds: Math.ceil(policy.timeoutMs / 1000) + 30,
    });
  }
  const stopController = new AbortController();
  // Every running job listens on the stop signal: as many listeners as jobs at once, not a leak.
  setMaxListeners(0, stopController.signal);
  const loops: Promise<void>[] = [];

  /**
   * Works one queue, at most `concurrency` jobs at once. pg-boss' own work() waits a whole polling
   * interval after every fetch, even a full one (at most one batch per interval); this loop
   * fetches again as soon as a slot frees and sleeps only while the queue is empty.
   */
  async function fetchLoop(
    queue: string,
    handler: JobHandler,
    policy: QueuePolicy,
    concurrency: number,
  ) {
    const running = new Set<Promise<void>>();
    const stopped = stopController.signal;
    while (!stopped.aborted) {
      const free = concurrency - running.size;
      const jobs =
        free > 0
          ? await boss
              .fetch<Record<string, unknown>>(queue, { batchSize: free, includeMetadata: true })
              .catch((error: unknown) => {
                console.error(`sightline: job queue: ${errorText(error)}`);
                return [];
              })
          : [];
      for (const job of jobs) {
        const task = runWithTimeout(
          handler,
          job.data,
          { id: job.id, attempt: job.retryCount + 1 },
          { timeoutMs: policy.timeoutMs, stopSignal: stopped },
        )
          .then(
            () => boss.complete(queue, job.id),
            (error: unknown) => boss.fail(queue, job.id, { message: errorText(error) }),
          )
          .catch((error: unknown) => console.error(`sightline: job queue: ${errorText(error)}`))
          .finally(() => running.delete(task));
        running.add(task);
      }
      if (running.size >= concurrency) await Promise.race(running);
      else if (jobs.length === 0) {
        await Promise.race([
          sleep(pollMs, undefined, { signal: stopped }).catch(() => {}),
          ...running,
        ]);
      }
    }
    await Promise.allSettled([...running]);
  }

  const sql = (text: string, values: unknown[] = []) => boss.getDb().executeSql(text, values);

  const queue: JobQueue = {
    async send(name, data, sendOptions = {}) {
      if (!policies[name]) throw new Error(`No policy for the job queue "${name}".`);
      await boss.send(
        name,
        data,
        sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {},
      );
    },

    async sendMany(name, jobs) {
      if (!policies[name]) throw new Error(`No policy for the job queue "${name}".`);
      const keyed = jobs.filter((job) => job.options?.singletonKey);
      // pg-boss' insert() takes a batch in one statement but has no singleton-key semantics.
      if (keyed.length < jobs.length) {
        await boss.insert(
          jobs.filter((job) => !job.options?.singletonKey).map((job) => ({ name, data: job.data })),
        );
      }
      for (const job of keyed) await queue.send(name, job.data, job.options);
    },

    async work(handlers, { concurrency }) {
      for (const [queue, handler] of Object.entries(handlers)) {
        const policy = policies[queue];
        if (!policy) throw new Error(`No policy for the job queue "${queue}".`);
        loops.push(fetchLoop(queue, handler, policy, Math.max(1, concurrency)));
      }
    },

    async drain({ timeoutMs = 120_000, pollMs = 100 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const { rows } = await sql(
          `select count(*)::int as n from ${schema}.job where state in ('created', 'retry', 'active')`,
        );
        if (Number(rows[0]?.n ?? 0) === 0) return;
        await sleep(pollMs);
      }
      throw new Error(`Jobs were still waiting or running after ${timeoutMs} ms.`);
    },

    async counts() {
      const { rows } = await sql(
        `select state, count(*)::int as n from ${schema}.job group by state`,
      );
      return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.n)]));
    },

    async failed(limit = 50): Promise<FailedJob[]> {
      const { rows } = await sql(
        `select id, name, data, output, retry_count from ${schema}.job where state = 'failed' order by completed_on desc limit $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: String(row.id),
        queue: String(row.name),
        data: row.data as unknown,
        error: failureMessage(row.output),
        attempts: Number(row.retry_count) + 1,
      }));
    },

    async stop() {
      stopController.abort();
      await Promise.all(loops);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },

    // pg-boss counts a stopped run as a failed attempt: no job is ever put back.
    onJobPutBack: () => () => {},
  };
  return queue;
}

/** pg-boss keeps a thrown error as the job's output (serialized): its message. */
function failureMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
