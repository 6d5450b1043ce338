/** Reports: stored once per source id, then parsed, classified and attached to a group. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RawReport } from '../sources/types.js';
import type { Database, ReportRow } from './schema.js';
import { nowIso } from './time.js';

/** Where a report came from: a configured source, or direct ingest (files, `POST /api/reports`). */
export interface ReportOrigin {
  projectId: string;
  /** The configured source's id; null for direct ingest. */
  sourceId: string | null;
}

/** The report store. */
export function createReportStore(db: Kysely<Database>) {
  return {
    /**
     * Stores raw reports in one transaction, each unless its source already delivered it (same
     * source and source id).
     * @returns per raw report, in input order, its row id and whether this call created it.
     */
    insertMany(
      raws: readonly RawReport[],
      origin: ReportOrigin,
    ): Promise<{ id: string; created: boolean }[]> {
      return db.transaction().execute(async (trx) => {
        const out: { id: string; created: boolean }[] = [];
        for (const raw of raws) {
          const sourceKey = `${origin.sourceId ?? `${origin.projectId}/${raw.sourceKind}`}:${raw.sourceId}`;
          const inserted = await trx
            .insertInto('reports')
            .values(reportValues(raw, origin, sourceKey))
            .onConflict((conflict) => conflict.column('source_key').doNothing())
            .returning('id')
            .executeTakeFirst();
          const id =
            inserted?.id ??
            (
              await trx
                .selectFrom('reports')
                .select('id')
                .where('source_key', '=', sourceKey)
                .executeTakeFirstOrThrow()
            ).id;
          out.push({ id, created: inserted !== undefined });
        }
        return out;
      });
    },

    /**
     * Stores one raw report unless its source already delivered it (see {@link insertMany}).
     * @returns the stored row and whether this call created it.
     */
    async insert(
      raw: RawReport,
      origin: ReportOrigin,
    ): Promise<{ report: ReportRow; created: boolean }> {
      const [{ id, created }] = (await this.insertMany([raw], origin)) as [
        { id: string; created: boolean },
      ];
      const report = await db
        .selectFrom('reports')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { report, created };
    },

    /** The report with this id, or undefined. */
    get(id: string): Promise<ReportRow | undefined> {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A group's reports, newest first. */
    listOfGroup(groupId: string, limit = 50): Promise<ReportRow[]> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('received_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Records why a report could not go through the pipeline; it stays stored. */
    async fail(id: string, error: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ stage: 'failed', error })
        .where('id', '=', id)
        .execute();
    },

    /** Reports stored, and reports by stage. */
    async counts(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('reports')
        .select(['stage', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('stage')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.stage, Number(row.n)]));
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;

function reportValues(raw: RawReport, origin: ReportOrigin, sourceKey: string) {
  const isText = 'text' in raw.payload;
  return {
    id: randomUUID(),
    project_id: origin.projectId,
    source_id: origin.sourceId,
    source_kind: raw.sourceKind,
    source_report_id: raw.sourceId,
    source_key: sourceKey,
    received_at: raw.receivedAt,
    format: raw.format,
    payload_type: isText ? ('text' as const) : ('json' as const),
    payload: 'text' in raw.payload ? raw.payload.text : JSON.stringify(raw.payload.json),
    filename: raw.filename ?? null,
    url: raw.url ?? null,
    meta: JSON.stringify(raw.meta ?? {}),
    stage: 'received' as const,
    parsed: null,
    label: null,
    classification: null,
    group_id: null,
    error: null,
    created_at: nowIso(),
  };
}
