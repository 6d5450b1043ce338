import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openQueue } from './index.js';
import type { JobQueue } from './types.js';

const policies = {
  work: { maxAttempts: 3, retryDelayMs: 10, timeoutMs: 5_000 },
  slow: { maxAttempts: 1, retryDelayMs: 10, timeoutMs: 300 },
  keyed: { maxAttempts: 1, retryDelayMs: 10, timeoutMs: 5_000, keyed: true },
};

describe.each(TEST_DATABASES)('job queue on $name', (kind) => {
  let store: Store;
  let queue: JobQueue;
  let drop: () => Promise<void>;
  afterEach(async () => {
    await queue?.stop();
    await store?.close();
    await drop?.();
  });
  async function open() {
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    queue = await openQueue(store, policies);
  }

  it('retries a failing job, ends it failed with its error, and keeps working the others', async () => {
    await open();
    const runs: Record<string, number> = {};
    await queue.send('work', { name: 'flaky' });
    await queue.send('work', { name: 'broken' });
    await queue.send('work', { name: 'fine' });
    await queue.work(
      {
        async work(data) {
          const name = String(data.name);
          runs[name] = (runs[name] ?? 0) + 1;
          if (name === 'broken') throw new Error('the disk is full');
          if (name === 'flaky' && runs[name] === 1) throw new Error('try again');
        },
      },
      { concurrency: 2 },
    );
    await queue.drain({ timeoutMs: 30_000 });
    expect(runs).toEqual({ flaky: 2, broken: 3, fine: 1 });
    const failed = await queue.failed();
    expect(failed.map((job) => [job.data, job.error, job.attempts])).toEqual([
      [{ name: 'broken' }, 'the disk is full', 3],
    ]);
    expect((await queue.counts()).completed).toBe(2);
  }, 60_000);

  it('fails a job that runs past its timeout', async () => {
    await open();
    await queue.send('slow', {});
    await queue.work({ slow: () => new Promise(() => {}) }, { concurrency: 1 });
    await queue.drain({ timeoutMs: 30_000 });
    const [failed] = await queue.failed();
    expect(failed?.error).toBe('The job ran longer than its timeout of 300 ms.');
  }, 60_000);

  it('keeps one waiting job per singleton key', async () => {
    await open();
    await queue.send('keyed', { n: 1 }, { singletonKey: 'group-1' });
    await queue.send('keyed', { n: 2 }, { singletonKey: 'group-1' });
    await queue.send('keyed', { n: 3 }, { singletonKey: 'group-2' });
    const seen: unknown[] = [];
    await queue.work({ keyed: async (data) => void seen.push(data.n) }, { concurrency: 1 });
    await queue.drain({ timeoutMs: 30_000 });
    expect(seen.sort()).toEqual([1, 3]);
  }, 60_000);

  it('runs no more jobs at once than its concurrency', async () => {
    await open();
    for (let i = 0; i < 6; i += 1) await queue.send('work', { i });
    let active = 0;
    let peak = 0;
    await queue.work(
      {
        async work() {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 50));
          active -= 1;
        },
      },
      { concurrency: 2 },
    );
    await queue.drain({ timeoutMs: 30_000 });
    expect(peak).toBe(2);
  }, 60_000);

  it('runs a job of another queue next, not behind a burst of 10,000', async () => {
    await open();
    await queue.sendMany(
      'work',
      Array.from({ length: 10_000 }, (_, i) => ({ data: { i } })),
    );
    let worked = 0;
    let busy: () => void = () => {};
    const burstRunning = new Promise<void>((resolve) => {
      busy = resolve;
    });
    let ranAfter: number | undefined;
    let ran: () => void = () => {};
    const keyedRan = new Promise<void>((resolve) => {
      ran = resolve;
    });
    await queue.work(
      {
        async work() {
          await new Promise((resolve) => setTimeout(resolve, 2));
          worked += 1;
          if (worked === 3) busy();
        },
        async keyed() {
          ranAfter = worked;
          ran();
        },
      },
      { concurrency: 1 },
    );
    await burstRunning;
    const sentAfter = worked;
    await queue.send('keyed', {}, { singletonKey: 'group-1' });
    await keyedRan;
    // SQLite (our claims): at most the job running when it was sent, and one claimed with it, finish
    // first. Postgres (pg-boss): each queue has its own fetch loop, so the keyed job waits at most
    // one polling interval (200 ms), whatever the burst: a few hundred 2 ms jobs, not 10,000.
    const bound = kind.name === 'sqlite' ? 2 : 500;
    expect((ranAfter ?? Number.POSITIVE_INFINITY) - sentAfter).toBeLessThanOrEqual(bound);
    expect(worked).toBeLessThan(10_000);
  }, 120_000);
});
