/** The job queue: embedded (SQLite table) or pg-boss (Postgres), chosen by where the store is. */
import type { Store } from '../store/index.js';
import { createPgBossQueue } from './pg-boss-queue.js';
import { createSqliteQueue } from './sqlite-queue.js';
import type { JobQueue, QueuePolicy } from './types.js';

export * from './types.js';

/**
 * Opens the queue that goes with the store: the `jobs` table for SQLite, pg-boss for Postgres.
 * @throws Error when pg-boss cannot reach Postgres.
 */
export function openQueue(store: Store, policies: Record<string, QueuePolicy>): Promise<JobQueue> {
  const { location } = store;
  return 'postgres' in location
    ? createPgBossQueue({ url: location.postgres, policies })
    : Promise.resolve(createSqliteQueue(store.db, { policies }));
}
