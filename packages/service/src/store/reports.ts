/** Reports: stored once per source id, then parsed, classified and attached to a group. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Classification, Report } from '../adapters/investigator.js';
import type { RawReport } from '../sources/types.js';
import type { ReportAnalysis, ReportRecord } from './records.js';
import type { Database, ReportRow } from './schema.js';
import { nowIso } from './time.js';

/** Where a report came from: a configured source, or direct ingest (files, `POST /api/reports`). */
export interface ReportOrigin {
  projectId: string;
  /** The configured source's id; null for direct ingest. */
  sourceId: string | null;
}

/** The report store. */
export interface ReportStore {
  /**
   * Stores raw reports in one transaction, each unless its source already delivered it (same
   * source and source id).
   * @returns per raw report, in input order, its id and whether this call created it.
   */
  insertMany(
    raws: readonly RawReport[],
    origin: ReportOrigin,
  ): Promise<{ id: string; created: boolean }[]>;
  /**
   * Stores one raw report unless its source already delivered it (see {@link insertMany}).
   * @returns the stored report and whether this call created it.
   */
  insert(raw: RawReport, origin: ReportOrigin): Promise<{ report: ReportRecord; created: boolean }>;
  /** The report with this id, or undefined. */
  get(id: string): Promise<ReportRecord | undefined>;
  /**
   * The stored analysis of a report (parsed report and classification) without its payload, or
   * undefined while the report is not grouped.
   */
  analysis(id: string): Promise<ReportAnalysis | undefined>;
  /** A group's reports, newest first. */
  listOfGroup(groupId: string, limit?: number): Promise<ReportRecord[]>;
  /** Records why a report could not go through the pipeline; it stays stored. */
  fail(id: string, error: string): Promise<void>;
  /** Reports stored, by stage. */
  counts(): Promise<Record<string, number>>;
}

function toAnalysis(parsed: string | null, classification: string | null) {
  if (parsed === null || classification === null) return null;
  return {
    report: JSON.parse(parsed) as Report,
    classification: JSON.parse(classification) as Classification,
  };
}

function toReport(row: ReportRow): ReportRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    sourceId: row.source_id,
    sourceKind: row.source_kind,
    sourceReportId: row.source_report_id,
    receivedAt: row.received_at,
    format: row.format,
    payload:
      row.payload_type === 'json' ? { json: JSON.parse(row.payload) } : { text: row.payload },
    filename: row.filename,
    url: row.url,
    meta: JSON.parse(row.meta) as Record<string, unknown>,
    stage: row.stage,
    analysis: toAnalysis(row.parsed, row.classification),
    groupId: row.group_id,
    error: row.error,
    createdAt: row.created_at,
  };
}

/** Creates the report store over the database. */
export function createReportStore(db: Kysely<Database>): ReportStore {
  const get = async (id: string) => {
    const row = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toReport(row);
  };
  const insertMany: ReportStore['insertMany'] = (raws, origin) =>
    db.transaction().execute(async (trx) => {
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
  return {
    insertMany,

    async insert(raw, origin) {
      const [{ id, created }] = (await insertMany([raw], origin)) as [
        { id: string; created: boolean },
      ];
      return { report: (await get(id)) as ReportRecord, created };
    },

    get,

    async analysis(id) {
      const row = await db
        .selectFrom('reports')
        .select(['parsed', 'classification'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (row && toAnalysis(row.parsed, row.classification)) ?? undefined;
    },

    async listOfGroup(groupId, limit = 50) {
      const rows = await db
        .selectFrom('reports')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('received_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toReport);
    },

    async fail(id, error) {
      await db
        .updateTable('reports')
        .set({ stage: 'failed', error })
        .where('id', '=', id)
        .execute();
    },

    async counts() {
      const rows = await db
        .selectFrom('reports')
        .select(['stage', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('stage')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.stage, Number(row.n)]));
    },
  };
}

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
