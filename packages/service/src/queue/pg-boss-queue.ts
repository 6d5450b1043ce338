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
  /** How often an idle worker fetches, seconds (pg-boss' minimum is 0.5). Default 0.5. */
  pollingIntervalSeconds?: number;
}

/**
 * Starts pg-boss (creating its schema and the queues on first use) and returns the queue.
 * @throws Error when Postgres cannot be reached.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { policies, schema = 'pgboss', pollingIntervalSeconds = 0.5 } = options;
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
  const sql = (text: string, values: unknown[] = []) => boss.getDb().executeSql(text, values);

  return {
    async send(queue, data, sendOptions = {}) {
      if (!policies[queue]) throw new Error(`No policy for the job queue "${queue}".`);
      await boss.send(
        queue,
        data,
        sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {},
      );
    },

    async work(handlers, { concurrency }) {
      for (const [queue, handler] of Object.entries(handlers)) {
        const policy = policies[queue];
        if (!policy) throw new Error(`No policy for the job queue "${queue}".`);
        // pg-boss runs one fetch loop per work() call: `concurrency` loops of one job each.
        for (let i = 0; i < Math.max(1, concurrency); i += 1) {
          await boss.work<Record<string, unknown>>(
            queue,
            { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
            async ([job]) => {
              if (!job) return;
              await runWithTimeout(
                handler as JobHandler,
                job.data,
                { id: job.id, attempt: job.retryCount + 1 },
                {
                  timeoutMs: policy.timeoutMs,
                  stopSignal: stopController.signal,
                },
              );
            },
          );
        }
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
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** pg-boss keeps a thrown error as the job's output (serialized): its message. */
function failureMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
