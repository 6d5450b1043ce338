/** Configured sources and their polling state (last poll, last error, counts) for the console. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import type { Kysely } from 'kysely';
import type { SourceRecord } from './records.js';
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
  /** The {@link SourceRecord.settingsRevision} the poll ran with. */
  settingsRevision: number;
}

/** The source store. */
export interface SourceStore {
  /** @throws SightlineError `INVALID_ARGUMENT` when a source of that name exists already. */
  create(input: NewSource): Promise<SourceRecord>;
  /** All sources, oldest first. */
  list(): Promise<SourceRecord[]>;
  /** @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is no such source. */
  get(id: string): Promise<SourceRecord>;
  /** Enabled polled sources whose next poll is due at `now` (ISO time). */
  due(now: string): Promise<SourceRecord[]>;
  /**
   * Keeps the outcome of one poll: time, error, cursor, when to poll next (reports count at ingest).
   * @returns false when the source was removed, or reconfigured (a newer
   *   {@link SourceRecord.settingsRevision}), while it was polled; nothing kept.
   */
  recordPoll(id: string, record: PollRecord): Promise<boolean>;
  /**
   * Replaces a source's settings (`sightline sources add` on an existing name): polling starts
   * over from no cursor, now, with its failures forgotten, and the settings revision goes up.
   */
  reconfigure(
    id: string,
    input: Pick<NewSource, 'config' | 'pollIntervalMs'>,
  ): Promise<SourceRecord>;
  /** Counts reports a source delivered. */
  addReports(id: string, stored: number): Promise<void>;
  /**
   * Removes a source: it is no longer polled and its webhook path answers 404. The reports it
   * delivered stay. @throws SightlineError `STORE_ENTRY_NOT_FOUND`.
   */
  remove(id: string): Promise<void>;
}

/** A unique index refused a row (SQLite `SQLITE_CONSTRAINT_UNIQUE`, Postgres `23505`). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The stored settings, parsed; `undefined` when the text is not JSON (a hand-edited row). */
function parseConfig(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toSource(row: SourceRow): SourceRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    name: row.name,
    config: parseConfig(row.config),
    enabled: row.enabled === 1,
    pollIntervalMs: row.poll_interval_ms,
    cursor: row.cursor,
    lastPollAt: row.last_poll_at,
    nextPollAt: row.next_poll_at,
    lastError: row.last_error,
    consecutiveFailures: row.consecutive_failures,
    pollCount: row.poll_count,
    reportCount: row.report_count,
    createdAt: row.created_at,
    settingsRevision: row.settings_revision,
  };
}

/** Creates the source store over the database. */
export function createSourceStore(db: Kysely<Database>): SourceStore {
  const get = async (id: string): Promise<SourceRecord> => {
    const row = await db.selectFrom('sources').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) {
      throw new SightlineError({
        code: 'STORE_ENTRY_NOT_FOUND',
        message: `No source "${id}". List the sources with GET /api/sources or \`sightline sources list\`.`,
      });
    }
    return toSource(row);
  };
  return {
    async create(input) {
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
        settings_revision: 0,
      };
      try {
        await db.insertInto('sources').values(row).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `A source named "${input.name}" exists already; choose another name.`,
        });
      }
      return toSource(row);
    },

    async list() {
      const rows = await db.selectFrom('sources').selectAll().orderBy('created_at').execute();
      return rows.map(toSource);
    },

    get,

    async due(now) {
      const rows = await db
        .selectFrom('sources')
        .selectAll()
        .where('enabled', '=', 1)
        .where('next_poll_at', 'is not', null)
        .where('next_poll_at', '<=', now)
        .execute();
      return rows.map(toSource);
    },

    async recordPoll(id, record) {
      const result = await db
        .updateTable('sources')
        .set((eb) => ({
          last_poll_at: nowIso(),
          next_poll_at: record.nextPollAt,
          last_error: record.error,
          consecutive_failures: record.error === null ? 0 : eb('consecutive_failures', '+', 1),
          poll_count: eb('poll_count', '+', 1),
          ...(record.cursor !== undefined ? { cursor: record.cursor } : {}),
        }))
        .where('id', '=', id)
        // Reconfigured while this poll ran (`sources add` on its name, `--no-poll`): the poll's
        // cursor, error and schedule belong to the old settings, and the new ones are due now.
        .where('settings_revision', '=', record.settingsRevision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async reconfigure(id, input) {
      await db
        .updateTable('sources')
        .set((eb) => ({
          config: JSON.stringify(input.config ?? {}),
          poll_interval_ms: input.pollIntervalMs,
          cursor: null,
          next_poll_at: input.pollIntervalMs === null ? null : nowIso(),
          last_error: null,
          consecutive_failures: 0,
          settings_revision: eb('settings_revision', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      return get(id);
    },

    async remove(id) {
      await get(id);
      await db.deleteFrom('sources').where('id', '=', id).execute();
    },

    async addReports(id, stored) {
      if (stored === 0) return;
      await db
        .updateTable('sources')
        .set((eb) => ({ report_count: eb('report_count', '+', stored) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
