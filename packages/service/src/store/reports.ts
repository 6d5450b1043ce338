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
     * Stores a raw report unless its source already delivered it (same source and source id).
     * @returns the stored row and whether this call created it.
     */
    async insert(
      raw: RawReport,
      origin: ReportOrigin,
    ): Promise<{ report: ReportRow; created: boolean }> {
      const sourceKey = `${origin.sourceId ?? `${origin.projectId}/${raw.sourceKind}`}:${raw.sourceId}`;
      const isText = 'text' in raw.payload;
      const inserted = await db
        .insertInto('reports')
        .values({
          id: randomUUID(),
          project_id: origin.projectId,
          source_id: origin.sourceId,
          source_kind: raw.sourceKind,
          source_report_id: raw.sourceId,
          source_key: sourceKey,
          received_at: raw.receivedAt,
          format: raw.format,
          payload_type: isText ? 'text' : 'json',
          payload: 'text' in raw.payload ? raw.payload.text : JSON.stringify(raw.payload.json),
          filename: raw.filename ?? null,
          url: raw.url ?? null,
          meta: JSON.stringify(raw.meta ?? {}),
          stage: 'received',
          parsed: null,
          label: null,
          classification: null,
          group_id: null,
          error: null,
          created_at: nowIso(),
        })
        .onConflict((conflict) => conflict.column('source_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      const report = await db
        .selectFrom('reports')
        .selectAll()
        .where('source_key', '=', sourceKey)
        .executeTakeFirstOrThrow();
      return { report, created: inserted !== undefined };
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

    /** Keeps the parsed report and its classification (label, confidence, method, reasons). */
    async saveAnalysis(
      id: string,
      analysis: { parsed: unknown; classification: { label: string } },
    ): Promise<void> {
      await db
        .updateTable('reports')
        .set({
          parsed: JSON.stringify(analysis.parsed),
          label: analysis.classification.label,
          classification: JSON.stringify(analysis.classification),
        })
        .where('id', '=', id)
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
