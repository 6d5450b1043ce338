import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import type { Database } from '../store/schema.js';
import { createSqliteQueue } from './sqlite-queue.js';
import {
  isInterruptedByStop,
  JOB_STOP_GRACE_MS,
  type JobContext,
  type JobQueue,
  type PutBackJob,
} from './types.js';

const policies = { work: { maxAttempts: 2, retryDelayMs: 10, timeoutMs: 5_000 } };

/** The store's database, whose next `failures` transactions throw "database is locked". */
function flakyDatabase(db: Kysely<Database>, failures: number): Kysely<Database> {
  let left = failures;
  return new Proxy(db, {
    get(target, key) {
      if (key === 'transaction' && left > 0) {
        left -= 1;
        return () => ({
          execute: async () => {
            throw new Error('database is locked');
          },
        });
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('embedded job queue when the database fails', () => {
  let dir: string;
  let store: Store;
  let queue: JobQueue;
  afterEach(async () => {
    vi.restoreAllMocks();
    await queue?.stop();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says so, backs off and keeps working when claiming jobs fails', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-queue-'));
    store = await openStore({ sqlite: path.join(dir, 'sightline.db') });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await createSqliteQueue(store.db, { policies }).send('work', { n: 1 });
    queue = createSqliteQueue(flakyDatabase(store.db, 2), { policies, pollMs: 5 });
    const done: unknown[] = [];
    await queue.work({ work: async (data) => void done.push(data.n) }, { concurrency: 1 });
    await queue.drain({ timeoutMs: 30_000 });
    expect(done).toEqual([1]);
    expect(errors).toHaveBeenCalledWith('sightline: job queue: database is locked');
    await queue.stop();
    expect((await queue.counts()).completed).toBe(1);
  }, 60_000);

  it('fails a job whose stored data is not JSON and goes on with the next', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-queue-'));
    store = await openStore({ sqlite: path.join(dir, 'sightline.db') });
    queue = createSqliteQueue(store.db, { policies, pollMs: 5 });
    await queue.send('work', { n: 1 });
    await queue.send('work', { n: 2 });
    await store.db
      .updateTable('jobs')
      .set({ data: '{not json' })
      .where('data', '=', '{"n":1}')
      .execute();
    const done: unknown[] = [];
    await queue.work({ work: async (data) => void done.push(data.n) }, { concurrency: 1 });
    await queue.drain({ timeoutMs: 30_000 });
    expect(done).toEqual([2]);
    const [failed] = await queue.failed();
    expect(failed?.error).toMatch(/JSON/);
  }, 60_000);
});

describe('embedded job queue when it stops during a job', () => {
  let dir: string;
  let store: Store;
  const queues: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  async function open() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-queue-'));
    store = await openStore({ sqlite: path.join(dir, 'sightline.db') });
  }
  function queueOf() {
    const queue = createSqliteQueue(store.db, { policies, pollMs: 5 });
    queues.push(queue);
    return queue;
  }
  const jobRow = () =>
    store.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'error', 'lease_until'])
      .executeTakeFirstOrThrow();
  /** Sends one job, works it with a handler that runs until `onAbort` ends it, stops mid-run. */
  async function stopDuringJob(
    queue: JobQueue,
    onAbort: (context: JobContext, reject: (error: unknown) => void) => void,
  ) {
    await queue.send('work', { n: 1 });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await queue.work(
      {
        work: (_, context) =>
          new Promise((_, reject) => {
            started();
            context.signal.addEventListener('abort', () => onAbort(context, reject));
          }),
      },
      { concurrency: 1 },
    );
    await running;
    await queue.stop();
  }
  /** Works the queue until it is empty. @returns the attempt of each run. */
  async function attemptsOfRuns(queue: JobQueue) {
    const attempts: number[] = [];
    await queue.work(
      { work: async (_, { attempt }) => void attempts.push(attempt) },
      { concurrency: 1 },
    );
    await queue.drain({ timeoutMs: 30_000 });
    return attempts;
  }

  it('puts the interrupted job back as it was, and it runs again at the next start', async () => {
    await open();
    const seen: { attempt: number; signal: AbortSignal }[] = [];
    await stopDuringJob(queueOf(), ({ attempt, signal }, reject) => {
      seen.push({ attempt, signal });
      reject(signal.reason);
    });
    expect(await jobRow()).toEqual({
      state: 'created',
      attempts: 0,
      error: null,
      lease_until: null,
    });
    // The handler can tell the stop from its timeout.
    expect(seen.map(({ attempt, signal }) => [attempt, isInterruptedByStop(signal)])).toEqual([
      [1, true],
    ]);
    expect(await attemptsOfRuns(queueOf())).toEqual([1]);
  }, 60_000);

  it('waits for a handler that honours its signal, so what it records lands before the store closes', async () => {
    await open();
    const recorded: string[] = [];
    await stopDuringJob(queueOf(), (_, reject) => {
      setTimeout(() => {
        recorded.push('interrupted');
        reject(new Error('aborted'));
      }, 50);
    });
    expect(recorded).toEqual(['interrupted']);
    expect(await jobRow()).toMatchObject({ state: 'created', attempts: 0, error: null });
  }, 60_000);

  it('tells its listeners of a job it put back before its stop ends, also when the handler ignores its signal', async () => {
    // Trial: a handler busy indexing a repository does not check its signal; the queue put its job
    // back at the end of the grace but told no one, so the group it works on stayed `running`.
    await open();
    const queue = queueOf();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const told: PutBackJob[] = [];
    queue.onJobPutBack(() => {
      throw new Error('the group store is closed');
    });
    queue.onJobPutBack(async (job) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      told.push(job);
    });
    const started = Date.now();
    await stopDuringJob(queue, () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOB_STOP_GRACE_MS - 50);
    expect(told).toEqual([{ queue: 'work', id: expect.any(String), data: { n: 1 }, attempt: 1 }]);
    expect(await jobRow()).toMatchObject({ state: 'created', attempts: 0, error: null });
    expect(errors).toHaveBeenCalledWith(
      `sightline: job queue: after putting back job ${told[0]?.id}: the group store is closed`,
    );
    errors.mockRestore();
  }, 60_000);

  it('still counts a run its timeout ends', async () => {
    await open();
    const queue = createSqliteQueue(store.db, {
      policies: { work: { maxAttempts: 2, retryDelayMs: 60_000, timeoutMs: 100 } },
      pollMs: 5,
    });
    queues.push(queue);
    await queue.send('work', { n: 1 });
    await queue.work({ work: () => new Promise(() => {}) }, { concurrency: 1 });
    await vi.waitFor(async () => expect((await jobRow()).error).toMatch(/timeout/), {
      timeout: 10_000,
    });
    await queue.stop();
    expect(await jobRow()).toMatchObject({ state: 'created', attempts: 1 });
  }, 60_000);

  it('still counts the run of a process that died mid-job', async () => {
    await open();
    const queue = queueOf();
    await queue.send('work', { n: 1 });
    // What a killed process leaves: the job active, its attempt counted at the claim.
    await store.db.updateTable('jobs').set({ state: 'active', attempts: 1 }).execute();
    expect(await attemptsOfRuns(queue)).toEqual([2]);
  }, 60_000);
});
