import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import type { Database } from '../store/schema.js';
import { createSqliteQueue } from './sqlite-queue.js';
import type { JobQueue } from './types.js';

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
