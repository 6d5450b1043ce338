/**
 * Digests: what happened in a period (groups made, groups regressed, diagnoses stored) and the
 * periods already sent. A period is claimed before it is sent (its start is unique), so two
 * services on one Postgres never send the same morning twice.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toGroup } from './group-record.js';
import type { GroupRecord } from './records.js';
import type { Database } from './schema.js';
import { nowIso } from './time.js';

/** Items per section of a digest. */
export interface DigestCounts {
  newGroups: number;
  regressions: number;
  diagnoses: number;
}

/** A digest sent. */
export interface DigestRecord {
  id: string;
  /** Start of the period covered (exclusive), ISO time. */
  since: string;
  /** End of the period covered (inclusive), ISO time. */
  until: string;
  /** Channels it was delivered to (`webhook`, `email`). */
  channels: string[];
  counts: DigestCounts;
  sentAt: string;
}

/** What happened in a period: each section oldest first, at most `limit` groups, with its total. */
export interface DigestActivity {
  /** Groups made in the period (merged-away groups left out). */
  newGroups: { groups: GroupRecord[]; total: number };
  /** Groups a report reopened in the period after they were resolved. */
  regressions: { groups: GroupRecord[]; total: number };
  /** Groups with a diagnosis stored in the period. */
  diagnosed: { groups: GroupRecord[]; total: number };
}

/** A claim older than this is a sender that died mid-send: it may be taken over (ms). */
const STALE_CLAIM_MS = 15 * 60_000;

/** The digest store. */
export interface DigestStore {
  /** The newest digest sent, or undefined when none was. */
  lastSent(): Promise<DigestRecord | undefined>;
  /**
   * Claims the period starting at `since` for one sender.
   * @returns the claim's id, or undefined when another sender holds (or sent) that period.
   */
  claim(period: { since: string; until: string }): Promise<string | undefined>;
  /** Marks a claimed digest sent. */
  complete(id: string, sent: { channels: string[]; counts: DigestCounts }): Promise<void>;
  /** Gives a claim up (the send failed): the period may be claimed again. */
  release(id: string): Promise<void>;
  /**
   * What happened after `since` up to `until` (ISO times).
   * @param limit - most groups listed per section (the totals count them all). Default 100.
   */
  activity(period: { since: string; until: string; limit?: number }): Promise<DigestActivity>;
}

/** Creates the digest store over the database. */
export function createDigestStore(db: Kysely<Database>): DigestStore {
  const section = async (
    column: 'created_at' | 'regressed_at',
    { since, until, limit }: { since: string; until: string; limit: number },
  ) => {
    const inPeriod = db
      .selectFrom('groups')
      .where(column, '>', since)
      .where(column, '<=', until)
      .where('merged_into', 'is', null);
    const [rows, total] = await Promise.all([
      inPeriod.selectAll().orderBy(column).orderBy('id').limit(limit).execute(),
      inPeriod.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { groups: rows.map(toGroup), total: Number(total.n) };
  };
  return {
    async lastSent() {
      const row = await db
        .selectFrom('digests')
        .selectAll()
        .where('state', '=', 'sent')
        .orderBy('until', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        since: row.since,
        until: row.until,
        channels: JSON.parse(row.channels) as string[],
        counts: JSON.parse(row.counts) as DigestCounts,
        sentAt: row.sent_at ?? row.created_at,
      };
    },

    async claim({ since, until }) {
      const staleBefore = new Date(Date.now() - STALE_CLAIM_MS).toISOString();
      await db
        .deleteFrom('digests')
        .where('since', '=', since)
        .where('state', '=', 'sending')
        .where('created_at', '<', staleBefore)
        .execute();
      const id = randomUUID();
      const inserted = await db
        .insertInto('digests')
        .values({
          id,
          since,
          until,
          state: 'sending',
          channels: '[]',
          counts: '{}',
          created_at: nowIso(),
          sent_at: null,
        })
        .onConflict((conflict) => conflict.column('since').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? id : undefined;
    },

    async complete(id, { channels, counts }) {
      await db
        .updateTable('digests')
        .set({
          state: 'sent',
          channels: JSON.stringify(channels),
          counts: JSON.stringify(counts),
          sent_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
    },

    async release(id) {
      await db.deleteFrom('digests').where('id', '=', id).where('state', '=', 'sending').execute();
    },

    async activity({ since, until, limit = 100 }) {
      const period = { since, until, limit };
      const diagnosedIds = db
        .selectFrom('diagnoses')
        .select('group_id')
        .where('created_at', '>', since)
        .where('created_at', '<=', until);
      const diagnosed = db
        .selectFrom('groups')
        .where('id', 'in', diagnosedIds)
        .where('merged_into', 'is', null);
      const [newGroups, regressions, diagnosedRows, diagnosedTotal] = await Promise.all([
        section('created_at', period),
        section('regressed_at', period),
        diagnosed.selectAll().orderBy('updated_at').orderBy('id').limit(limit).execute(),
        diagnosed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        newGroups,
        regressions,
        diagnosed: { groups: diagnosedRows.map(toGroup), total: Number(diagnosedTotal.n) },
      };
    },
  };
}
