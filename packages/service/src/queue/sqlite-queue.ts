/**
 * The embedded job queue: jobs in the SQLite store's `jobs` table, worked by an in-process worker.
 * One process works a data folder (`sightline serve` holds it); on start it takes up the jobs a
 * killed predecessor left `active`, so each is finished after a restart (that lost run counts as
 * an attempt). An orderly stop puts the jobs it interrupts back as they were, uncounted.
 */

import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../store/schema.js';
import { isoAfter, nowIso } from '../store/time.js';
import {
  errorText,
  type FailedJob,
  type JobHandler,
  JobInterruptedError,
  type JobPutBackListener,
  type JobQueue,
  type QueuePolicy,
  retryDelay,
  runWithTimeout,
  type SendOptions,
} from './types.js';

/** Longest wait between claims while the database keeps failing, ms. */
const MAX_BACKOFF_MS = 5_000;

/** Options of {@link createSqliteQueue}. */
export interface SqliteQueueOptions {
  /** Policy of each queue by name. */
  policies: Record<string, QueuePolicy>;
  /** How often an idle worker looks for work, ms. Default 100. */
  pollMs?: number;
}

/** Creates the embedded queue over the store's database. */
export function createSqliteQueue(db: Kysely<Database>, options: SqliteQueueOptions): JobQueue {
  const { policies, pollMs = 100 } = options;
  const stopController = new AbortController();
  // Every running job listens on the stop signal: as many listeners as jobs at once, not a leak.
  setMaxListeners(0, stopController.signal);
  const running = new Set<Promise<void>>();
  /** Jobs running in this process, by queue (what {@link fairShare} balances). */
  const runningByQueue = new Map<string, number>();
  /** When each queue last got a slot (round robin between queues, see {@link fairShare}). */
  const servedAt = new Map<string, number>();
  const putBackListeners = new Set<JobPutBackListener>();
  let loop: Promise<void> | undefined;
  let wake: () => void = () => {};

  const policyOf = (queue: string): QueuePolicy => {
    const policy = policies[queue];
    if (!policy) throw new Error(`No policy for the job queue "${queue}".`);
    return policy;
  };

  // Jobs whose handler succeeded, marked completed by the next claim's transaction (one commit for
  // both: commits are most of the embedded queue's cost). The loop wakes at once when one is added;
  // a crash in between runs that job again, which at-least-once handlers allow.
  let completed: string[] = [];

  async function flushCompleted(trx: Kysely<Database>) {
    if (completed.length === 0) return;
    const ids = completed;
    completed = [];
    try {
      await trx
        .updateTable('jobs')
        .set({ state: 'completed', completed_at: nowIso(), lease_until: null, error: null })
        .where('id', 'in', ids)
        .execute();
    } catch (error) {
      // Kept for the next claim: a job marked completed late is better than one run again.
      completed = [...ids, ...completed];
      throw error;
    }
  }

  /**
   * Claims up to `limit` ready jobs, fairly between queues: each free slot goes to the queue with
   * the fewest jobs running (ties: round robin, see {@link fairShare}), so an investigation
   * never waits behind a burst of thousands of report batches; it waits for one slot to free
   * (pg-boss gives each queue its own fetch loop, which has the same effect on Postgres).
   */
  async function claim(queues: string[], limit: number) {
    return db.transaction().execute(async (trx) => {
      await flushCompleted(trx);
      if (limit <= 0) return [];
      const now = nowIso();
      const ready = new Map<string, JobRow[]>();
      for (const queue of queues) {
        const rows = await trx
          .selectFrom('jobs')
          .selectAll()
          .where('state', '=', 'created')
          .where('queue', '=', queue)
          .where('run_after', '<=', now)
          .orderBy('run_after')
          .orderBy('created_at')
          .limit(limit)
          .execute();
        if (rows.length) ready.set(queue, rows);
      }
      const jobs = fairShare(ready, runningByQueue, limit, servedAt);
      for (const queue of new Set(jobs.map((job) => job.queue))) {
        await trx
          .updateTable('jobs')
          .set((eb) => ({
            state: 'active',
            attempts: eb('attempts', '+', 1),
            lease_until: isoAfter(policyOf(queue).timeoutMs),
          }))
          .where(
            'id',
            'in',
            jobs.filter((job) => job.queue === queue).map((job) => job.id),
          )
          .execute();
      }
      return jobs;
    });
  }

  async function finish(job: JobRow, error?: unknown) {
    if (error === undefined) {
      completed.push(job.id);
      return;
    }
    if (JobInterruptedError.isInstance(error)) {
      // Cut short by this queue's stop: back as it was when claimed (its attempt given back, its
      // last error kept), first to run at the next start.
      await db
        .updateTable('jobs')
        .set({
          state: 'created',
          attempts: job.attempts,
          lease_until: null,
          run_after: job.run_after,
        })
        .where('id', '=', job.id)
        .execute();
      await tellPutBack(job);
      return;
    }
    const attempt = job.attempts + 1;
    const retry = attempt < job.max_attempts;
    await db
      .updateTable('jobs')
      .set({
        state: retry ? 'created' : 'failed',
        error: errorText(error),
        lease_until: null,
        run_after: retry ? isoAfter(retryDelay(policyOf(job.queue), attempt)) : nowIso(),
        ...(retry ? {} : { completed_at: nowIso() }),
      })
      .where('id', '=', job.id)
      .execute();
  }

  /** Tells the listeners that `job` was put back; a listener's failure is said, not thrown. */
  async function tellPutBack(job: JobRow) {
    if (putBackListeners.size === 0) return;
    // Its data parsed when it was run: a job whose data is not JSON fails before it can be stopped.
    const putBack = {
      queue: job.queue,
      id: job.id,
      data: JSON.parse(job.data) as Record<string, unknown>,
      attempt: job.attempts + 1,
    };
    for (const listener of putBackListeners) {
      try {
        await listener(putBack);
      } catch (error) {
        console.error(
          `sightline: job queue: after putting back job ${job.id}: ${errorText(error)}`,
        );
      }
    }
  }

  async function runLoop(handlers: Record<string, JobHandler>, concurrency: number) {
    const queues = Object.keys(handlers);
    let failedClaims = 0;
    while (!stopController.signal.aborted) {
      const free = concurrency - running.size;
      let jobs: Awaited<ReturnType<typeof claim>> = [];
      try {
        jobs = free > 0 || completed.length > 0 ? await claim(queues, free) : [];
        failedClaims = 0;
      } catch (error) {
        // A locked or full database must not end the worker: say so, back off, try again.
        failedClaims += 1;
        console.error(`sightline: job queue: ${errorText(error)}`);
        await sleep(Math.min(pollMs * 2 ** failedClaims, MAX_BACKOFF_MS), undefined, {
          signal: stopController.signal,
        }).catch(() => {});
        continue;
      }
      for (const job of jobs) {
        const handler = handlers[job.queue] as JobHandler;
        const task = Promise.resolve()
          .then(() =>
            runWithTimeout(
              handler,
              JSON.parse(job.data) as Record<string, unknown>,
              { id: job.id, attempt: job.attempts + 1 },
              { timeoutMs: policyOf(job.queue).timeoutMs, stopSignal: stopController.signal },
            ),
          )
          .then(
            () => finish(job),
            (error: unknown) => finish(job, error),
          )
          // The job stays active and runs again after a restart; the worker goes on.
          .catch((error: unknown) => console.error(`sightline: job queue: ${errorText(error)}`));
        const tracked = task.finally(() => {
          running.delete(tracked);
          runningByQueue.set(job.queue, (runningByQueue.get(job.queue) ?? 1) - 1);
          wake();
        });
        running.add(tracked);
        runningByQueue.set(job.queue, (runningByQueue.get(job.queue) ?? 0) + 1);
      }
      if (jobs.length === 0 || running.size >= concurrency) {
        await Promise.race([
          sleep(pollMs, undefined, { signal: stopController.signal }).catch(() => {}),
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
        ]);
      }
    }
  }

  return {
    send(queue: string, data: Record<string, unknown>, sendOptions: SendOptions = {}) {
      return this.sendMany(queue, [{ data, options: sendOptions }]);
    },

    async sendMany(queue, jobs) {
      const policy = policyOf(queue);
      if (jobs.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const job of jobs) {
          await trx
            .insertInto('jobs')
            .values({
              id: randomUUID(),
              queue,
              data: JSON.stringify(job.data),
              singleton_key: job.options?.singletonKey ?? null,
              state: 'created',
              attempts: 0,
              max_attempts: policy.maxAttempts,
              run_after: nowIso(),
              lease_until: null,
              error: null,
              created_at: nowIso(),
              completed_at: null,
            })
            .onConflict((conflict) => conflict.doNothing())
            .execute();
        }
      });
      wake();
    },

    async work(handlers, { concurrency }) {
      // Jobs left active by a process that died mid-job run again (handlers are idempotent); the
      // lost run counts as an attempt, so a job that kills its process cannot loop for ever. (An
      // orderly stop puts its running jobs back uncounted: see `finish`.)
      await db
        .updateTable('jobs')
        .set({ state: 'created', lease_until: null })
        .where('state', '=', 'active')
        .execute();
      loop = runLoop(handlers, Math.max(1, concurrency));
    },

    async drain({ timeoutMs = 120_000, pollMs: every = 50 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const row = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', ['created', 'active'])
          .executeTakeFirstOrThrow();
        if (Number(row.n) === 0) return;
        await sleep(every);
      }
      throw new Error(`Jobs were still waiting or running after ${timeoutMs} ms.`);
    },

    async counts() {
      const rows = await db
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
    },

    async failed(limit = 50): Promise<FailedJob[]> {
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'failed')
        .orderBy('completed_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        data: parseOrRaw(row.data),
        error: row.error ?? '',
        attempts: row.attempts,
      }));
    },

    async stop() {
      // The reason tells handlers (and `finish`) that the run is put back, not failed.
      stopController.abort(new JobInterruptedError());
      wake();
      await loop;
      await Promise.allSettled([...running]);
      await db.transaction().execute(flushCompleted);
    },

    onJobPutBack(listener) {
      putBackListeners.add(listener);
      return () => {
        putBackListeners.delete(listener);
      };
    },
  };
}

/** A stored job. */
type JobRow = Selectable<Database['jobs']>;

/**
 * Picks up to `limit` jobs from each queue's ready ones (oldest first), one slot at a time: to the
 * queue with the fewest jobs running (counting those picked), then to the queue served longest
 * ago (round robin), then to the job that waited longest.
 * @param ready - ready jobs by queue, each list oldest first.
 * @param running - jobs running now by queue.
 * @param served - when each queue last got a slot (a counter; absent: never). Updated.
 */
export function fairShare(
  ready: ReadonlyMap<string, readonly JobRow[]>,
  running: ReadonlyMap<string, number>,
  limit: number,
  served: Map<string, number>,
): JobRow[] {
  const load = new Map(running);
  const next = new Map([...ready.keys()].map((queue) => [queue, 0]));
  let turn = Math.max(0, ...served.values());
  const rank = (queue: string, job: JobRow) =>
    [load.get(queue) ?? 0, served.get(queue) ?? -1, job] as const;
  const picked: JobRow[] = [];
  while (picked.length < limit) {
    let best: { queue: string; rank: ReturnType<typeof rank> } | undefined;
    for (const [queue, index] of next) {
      const job = ready.get(queue)?.[index];
      if (!job) continue;
      const candidate = rank(queue, job);
      if (!best || before(candidate, best.rank)) best = { queue, rank: candidate };
    }
    if (!best) break;
    picked.push(best.rank[2]);
    next.set(best.queue, (next.get(best.queue) ?? 0) + 1);
    load.set(best.queue, (load.get(best.queue) ?? 0) + 1);
    turn += 1;
    served.set(best.queue, turn);
  }
  return picked;
}

/** Whether rank `a` (load, last served, job) goes before `b`. */
function before(
  a: readonly [number, number, JobRow],
  b: readonly [number, number, JobRow],
): boolean {
  if (a[0] !== b[0]) return a[0] < b[0];
  if (a[1] !== b[1]) return a[1] < b[1];
  return waitedLonger(a[2], b[2]);
}

/** True when `a` has waited longer than `b` (earlier `run_after`, then earlier `created_at`). */
function waitedLonger(a: JobRow, b: JobRow): boolean {
  return a.run_after < b.run_after || (a.run_after === b.run_after && a.created_at < b.created_at);
}

/** A job's stored data: parsed, or the raw text when it is not JSON (the console still lists it). */
function parseOrRaw(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}
