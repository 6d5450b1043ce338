/** Reports: stored once per source id, then parsed, classified and attached to a group. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type Classification,
  type Report,
  SECRET_RULES_VERSION,
} from '../adapters/investigator.js';
import type { RawReport } from '../sources/types.js';
import type { ReportAnalysis, ReportPayload, ReportRecord } from './records.js';
import type { Database, ReportRow } from './schema.js';
import { UNDER_OTHER_SECRET_RULES } from './secret-rules-column.js';
import { nowIso } from './time.js';

/** Where a report came from: a configured source, or direct ingest (files, `POST /api/reports`). */
export interface ReportOrigin {
  projectId: string;
  /** The configured source's id; null for direct ingest. */
  sourceId: string | null;
}

/** What {@link ReportStore.insertMany} did with one raw report. */
export interface InsertedReport {
  id: string;
  created: boolean;
  /** A known report arrived with another payload: stored as its next revision. */
  revised: boolean;
}

/** One stored version of a report. */
export interface ReportRevision {
  revision: number;
  payload: ReportRecord['payload'];
  receivedAt: string;
}

/** A report waiting for its analysis, without its payload: what says which problem it is. */
export type WaitingReport = Pick<ReportRecord, 'id' | 'sourceKind' | 'sourceReportId' | 'meta'>;

/** The report store. */
export interface ReportStore {
  /**
   * Stores raw reports in one transaction, each unless its source already delivered it (same
   * source and source id).
   * A report delivered again with another payload (edited upstream) becomes a new revision: the
   * original and every edit are kept in its revisions, the report holds the latest and goes back
   * to stage `received` (to be analysed again; its group stays).
   * @returns per raw report, in input order, its id, whether this call created it, and whether
   * it stored a new revision of a known report.
   */
  insertMany(raws: readonly RawReport[], origin: ReportOrigin): Promise<InsertedReport[]>;
  /**
   * Stores one raw report unless its source already delivered it (see {@link insertMany}).
   * @returns the stored report and whether this call created it.
   */
  insert(raw: RawReport, origin: ReportOrigin): Promise<{ report: ReportRecord; created: boolean }>;
  /** A report's revisions, the original (1) first; empty while it was never edited. */
  revisions(id: string): Promise<ReportRevision[]>;
  /**
   * Analysed reports whose parsed report was passed through the secret gate with other rules than
   * today's `SECRET_RULES_VERSION` (or stored before the service gated reports), with an id after
   * `after` (`''`: from the first), at most `limit`, by id; `parsed` is the stored JSON, for
   * {@link regate}.
   */
  gatedUnderOtherRules(
    after: string,
    limit: number,
  ): Promise<{ id: string; parsed: string; groupId: string | null }[]>;
  /**
   * Keeps a report's parsed report gated again under today's secret rules, unless its analysis
   * changed since `parsed` was read (an analysis made meanwhile is gated already). With `title`,
   * the group this report represents gets `title.to`, unless its title changed from `title.from`.
   * @returns whether the report was updated.
   */
  regate(
    id: string,
    parsed: string,
    report: Report,
    title?: { from: string; to: string },
  ): Promise<boolean>;
  /** The report with this id, or undefined. */
  get(id: string): Promise<ReportRecord | undefined>;
  /** The reports with these ids (one query), in no particular order; unknown ids are left out. */
  getMany(ids: readonly string[]): Promise<ReportRecord[]>;
  /**
   * The stored analysis of a report (parsed report and classification) without its payload, or
   * undefined while the report is not grouped.
   */
  analysis(id: string): Promise<ReportAnalysis | undefined>;
  /** A group's reports, newest first. */
  listOfGroup(groupId: string, limit?: number): Promise<ReportRecord[]>;
  /**
   * The texts (title and body as parsed) of a project's most recently received analysed reports,
   * newest first: what grouping learns the project's boilerplate from.
   */
  recentTexts(projectId: string, limit: number): Promise<string[]>;
  /**
   * A project's reports stored but not analysed yet (stage `received`: new, or edited upstream),
   * without their payloads, oldest first.
   */
  listWaiting(projectId: string): Promise<WaitingReport[]>;
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

/**
 * The query behind `recentTexts`: a project's newest parsed reports, newest first, at most `limit`
 * (exported so its plan can be checked: it must read `reports_project_received`, no sort).
 */
export function recentTextsQuery(db: Kysely<Database>, projectId: string, limit: number) {
  return db
    .selectFrom('reports')
    .select('parsed')
    .where('project_id', '=', projectId)
    .where('parsed', 'is not', null)
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(limit);
}

/** Creates the report store over the database. */
export function createReportStore(db: Kysely<Database>): ReportStore {
  const get = async (id: string) => {
    const row = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toReport(row);
  };
  const insertMany: ReportStore['insertMany'] = (raws, origin) =>
    db.transaction().execute(async (trx) => {
      const out: InsertedReport[] = [];
      for (const raw of raws) {
        const sourceKey = `${origin.sourceId ?? `${origin.projectId}/${raw.sourceKind}`}:${raw.sourceId}`;
        const values = reportValues(raw, origin, sourceKey);
        const inserted = await trx
          .insertInto('reports')
          .values(values)
          .onConflict((conflict) => conflict.column('source_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          out.push({ id: inserted.id, created: true, revised: false });
          continue;
        }
        const known = await trx
          .selectFrom('reports')
          .select(['id', 'payload', 'payload_type', 'received_at', 'stage'])
          .where('source_key', '=', sourceKey)
          .executeTakeFirstOrThrow();
        const revised =
          known.payload !== values.payload &&
          known.stage !== 'failed' &&
          !(await isStaleEdit(trx, known, values.received_at));
        if (revised) await addRevision(trx, known, values);
        out.push({ id: known.id, created: false, revised });
      }
      return out;
    });
  return {
    insertMany,

    async insert(raw, origin) {
      const [{ id, created }] = (await insertMany([raw], origin)) as [InsertedReport];
      return { report: (await get(id)) as ReportRecord, created };
    },

    get,

    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('reports').selectAll().where('id', 'in', ids).execute();
      return rows.map(toReport);
    },

    async revisions(id) {
      const rows = await db
        .selectFrom('report_revisions')
        .selectAll()
        .where('report_id', '=', id)
        .orderBy('revision')
        .execute();
      return rows.map((row) => ({
        revision: row.revision,
        payload:
          row.payload_type === 'json' ? { json: JSON.parse(row.payload) } : { text: row.payload },
        receivedAt: row.received_at,
      }));
    },

    async gatedUnderOtherRules(after, limit) {
      const rows = await db
        .selectFrom('reports')
        .select(['id', 'parsed', 'group_id'])
        .where('parsed', 'is not', null)
        .where(UNDER_OTHER_SECRET_RULES)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, parsed: row.parsed ?? '', groupId: row.group_id }));
    },

    async regate(id, parsed, report, title) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('reports')
          .set({ parsed: JSON.stringify(report), secret_rules: SECRET_RULES_VERSION })
          .where('id', '=', id)
          .where('parsed', '=', parsed)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        if (title && title.from !== title.to) {
          await trx
            .updateTable('groups')
            .set({ title: title.to })
            .where('representative_report_id', '=', id)
            .where('title', '=', title.from)
            .execute();
        }
        return true;
      });
    },

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

    async recentTexts(projectId, limit) {
      const rows = await recentTextsQuery(db, projectId, limit).execute();
      return rows.map((row) => {
        const report = JSON.parse(row.parsed ?? '{}') as Partial<Report>;
        return `${report.title ?? ''}\n${report.body ?? ''}`;
      });
    },

    async listWaiting(projectId) {
      const rows = await db
        .selectFrom('reports')
        .select(['id', 'source_kind', 'source_report_id', 'meta'])
        .where('project_id', '=', projectId)
        .where('stage', '=', 'received')
        .orderBy('received_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sourceKind: row.source_kind,
        sourceReportId: row.source_report_id,
        meta: JSON.parse(row.meta) as Record<string, unknown>,
      }));
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

/**
 * Whether an edit is older than the text stored: a provider's deliveries come in any order and a
 * redelivery resends an old payload (GitHub's `issue.updated_at` is its `receivedAt`; an edit
 * without it, its arrival), so an edit received before the latest revision (or the report, before
 * any) never replaces it (fresh-user trial 20: a late delivery rolled an issue back to its older
 * text and was investigated again).
 */
async function isStaleEdit(
  trx: Transaction<Database>,
  known: { id: string; received_at: string },
  receivedAt: string,
): Promise<boolean> {
  const latest = await trx
    .selectFrom('report_revisions')
    .select('received_at')
    .where('report_id', '=', known.id)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Date.parse(receivedAt) < Date.parse(latest?.received_at ?? known.received_at);
}

/**
 * Stores an edit of a known report: the original becomes revision 1 on the first edit, the edit
 * the next revision; the report row takes the edit's payload and is analysed again.
 */
async function addRevision(
  trx: Transaction<Database>,
  known: { id: string; payload: string; payload_type: string; received_at: string },
  edit: { payload: string; payload_type: string; received_at: string },
) {
  const last = await trx
    .selectFrom('report_revisions')
    .select((eb) => eb.fn.max('revision').as('n'))
    .where('report_id', '=', known.id)
    .executeTakeFirst();
  let revision = Number(last?.n ?? 0);
  if (revision === 0) {
    revision = 1;
    await trx
      .insertInto('report_revisions')
      .values({
        report_id: known.id,
        revision,
        payload_type: known.payload_type,
        payload: known.payload,
        received_at: known.received_at,
      })
      .execute();
  }
  await trx
    .insertInto('report_revisions')
    .values({
      report_id: known.id,
      revision: revision + 1,
      payload_type: edit.payload_type,
      payload: edit.payload,
      received_at: edit.received_at,
    })
    .execute();
  await trx
    .updateTable('reports')
    .set({ payload: edit.payload, payload_type: edit.payload_type, stage: 'received' })
    .where('id', '=', known.id)
    .execute();
}

/**
 * A payload as the store keeps it: the text, or the JSON as JSON text (what `reports.payload`
 * holds, so two payloads are the same delivery exactly when these are equal).
 */
export function payloadText(payload: ReportPayload): string {
  return 'text' in payload ? payload.text : JSON.stringify(payload.json);
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
    payload: payloadText(raw.payload),
    filename: raw.filename ?? null,
    url: raw.url ?? null,
    meta: JSON.stringify(raw.meta ?? {}),
    stage: 'received' as const,
    parsed: null,
    secret_rules: null,
    label: null,
    classification: null,
    group_id: null,
    error: null,
    created_at: nowIso(),
  };
}
