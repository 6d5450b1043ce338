/** Configured sources and their polling state (last poll, last error, counts) for the console. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { Database, SourceRow } from './schema.js';
import { nowIso } from './time.js';

/** A source to configure. Secrets never go here: they live in the credential store. */
export interface NewSource {
  projectId: string;
  kind: string;
  name: string;
  config: unknown;
  /** Interval between polls, ms; null for sources that are not polled. */
  pollIntervalMs: number | null;
}

/** The outcome of one poll, as {@link SourceStore.recordPoll} keeps it. */
export interface PollRecord {
  /** Null when the poll succeeded. */
  error: string | null;
  cursor?: string | null;
  nextPollAt: string;
}

/** The source store. */
export function createSourceStore(db: Kysely<Database>) {
  return {
    async create(input: NewSource): Promise<SourceRow> {
      const row: SourceRow = {
        id: randomUUID(),
        project_id: input.projectId,
        kind: input.kind,
        name: input.name,
        config: JSON.stringify(input.config ?? {}),
        enabled: 1,
        poll_interval_ms: input.pollIntervalMs,
        cursor: null,
        last_poll_at: null,
        next_poll_at: input.pollIntervalMs === null ? null : nowIso(),
        last_error: null,
        consecutive_failures: 0,
        poll_count: 0,
        report_count: 0,
        created_at: nowIso(),
      };
      await db.insertInto('sources').values(row).execute();
      return row;
    },

    list(): Promise<SourceRow[]> {
      return db.selectFrom('sources').selectAll().orderBy('created_at').execute();
    },

    /** @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is no such source. */
    async get(id: string): Promise<SourceRow> {
      const row = await db
        .selectFrom('sources')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) {
        throw new SightlineError({
          code: 'STORE_ENTRY_NOT_FOUND',
          message: `No source "${id}". List the sources with GET /api/sources or \`sightline sources list\`.`,
        });
      }
      return row;
    },

    /** Enabled polled sources whose next poll is due at `now`. */
    due(now: string): Promise<SourceRow[]> {
      return db
        .selectFrom('sources')
        .selectAll()
        .where('enabled', '=', 1)
        .where('next_poll_at', 'is not', null)
        .where('next_poll_at', '<=', now)
        .execute();
    },

    /** Keeps the outcome of one poll: time, error, cursor, when to poll next (reports count at ingest). */
    async recordPoll(id: string, record: PollRecord): Promise<void> {
      const current = await this.get(id);
      await db
        .updateTable('sources')
        .set({
          last_poll_at: nowIso(),
          next_poll_at: record.nextPollAt,
          last_error: record.error,
          consecutive_failures: record.error === null ? 0 : current.consecutive_failures + 1,
          poll_count: current.poll_count + 1,
          ...(record.cursor !== undefined ? { cursor: record.cursor } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Replaces a source's settings (`sightline sources add` on an existing name): polling starts
     * over from no cursor, now, with its failures forgotten.
     */
    async reconfigure(
      id: string,
      input: Pick<NewSource, 'config' | 'pollIntervalMs'>,
    ): Promise<SourceRow> {
      await db
        .updateTable('sources')
        .set({
          config: JSON.stringify(input.config ?? {}),
          poll_interval_ms: input.pollIntervalMs,
          cursor: null,
          next_poll_at: input.pollIntervalMs === null ? null : nowIso(),
          last_error: null,
          consecutive_failures: 0,
        })
        .where('id', '=', id)
        .execute();
      return this.get(id);
    },

    /** Counts reports a webhook delivered. */
    async addReports(id: string, stored: number): Promise<void> {
      if (stored === 0) return;
      await db
        .updateTable('sources')
        .set((eb) => ({ report_count: eb('report_count', '+', stored) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SourceStore = ReturnType<typeof createSourceStore>;
