/** Groups: reports of one problem, with a label, a triage status, a count and first/last seen. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { GroupStatus, ReportLabel } from '../vocabulary.js';
import type { GroupRecord, InvestigationProgress, ReportAnalysis } from './records.js';
import type { Database, GroupRow } from './schema.js';
import { nowIso } from './time.js';

/** How a report finds its group: an exact signature, or near-duplicate text. */
export type GroupKey =
  | { signature: string }
  | {
      /** MinHash signature of the report's text. */
      minhash: number[];
      /** LSH band keys of `minhash`: groups sharing one are candidates. */
      bands: string[];
      /** Estimated Jaccard similarity of two MinHash signatures. */
      similarity(a: number[], b: number[]): number;
      /** Least similarity to join a group (0–1). */
      threshold: number;
    };

/** A report to attach to its group. */
export interface AttachReport {
  reportId: string;
  projectId: string;
  label: ReportLabel;
  title: string;
  receivedAt: string;
  sourceKind: string;
  key: GroupKey;
  /** The parsed report and its classification, kept with the report in the same transaction. */
  analysis?: ReportAnalysis;
}

/** The group store. */
export interface GroupStore {
  /**
   * Attaches a report to its group, creating the group when none matches, in one transaction.
   * Idempotent: a report already grouped is left as it is (a retried job counts it once).
   * @returns the group and whether this call attached the report (false: it already was).
   */
  attach(input: AttachReport): Promise<{ group: GroupRecord; attached: boolean }>;
  /**
   * The group with this id.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none.
   */
  get(id: string): Promise<GroupRecord>;
  /** Sets a group's triage status. @throws SightlineError `STORE_ENTRY_NOT_FOUND`. */
  setStatus(id: string, status: GroupStatus): Promise<GroupRecord>;
  /** Groups changed after `since` (ISO time), oldest change first: the live-update feed. */
  changedSince(since: string, limit?: number): Promise<GroupRecord[]>;
  /** Keeps where a group's investigation job is. @throws SightlineError `STORE_ENTRY_NOT_FOUND`. */
  setInvestigation(id: string, progress: InvestigationProgress): Promise<GroupRecord>;
  /** Groups of a project with one of `labels` that are still open (new or triaged). */
  listOpen(projectId: string, labels: readonly ReportLabel[]): Promise<GroupRecord[]>;
}

/** A group row as a record. */
export function toGroup(row: GroupRow): GroupRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    label: row.label as ReportLabel,
    status: row.status,
    title: row.title,
    signature: row.signature,
    count: row.count,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    sourceKinds: row.source_kinds.split(',').filter(Boolean),
    representativeReportId: row.representative_report_id,
    latestDiagnosisVersion: row.latest_diagnosis_version,
    investigation: row.investigation_state
      ? {
          state: row.investigation_state as InvestigationProgress['state'],
          detail: row.investigation_detail,
          attempts: row.investigation_attempts,
        }
      : null,
    updatedAt: row.updated_at,
  };
}

/** Creates the group store over the database. */
export function createGroupStore(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): GroupStore {
  const get = async (id: string): Promise<GroupRecord> => {
    const group = await db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    if (!group) {
      throw new SightlineError({
        code: 'STORE_ENTRY_NOT_FOUND',
        message: `No group "${id}". List the groups with GET /api/groups.`,
      });
    }
    return toGroup(group);
  };
  return {
    attach(input) {
      return db.transaction().execute(async (trx) => {
        // Two workers grouping near-duplicates at once would each make a group: on Postgres,
        // grouping within one project and label is serialized (SQLite writes are serial anyway).
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext(${`${input.projectId}:${input.label}`}))`.execute(
            trx,
          );
        }
        const report = await trx
          .selectFrom('reports')
          .select(['stage', 'group_id'])
          .where('id', '=', input.reportId)
          .executeTakeFirstOrThrow();
        if (report.stage === 'grouped' && report.group_id) {
          const group = await trx
            .selectFrom('groups')
            .selectAll()
            .where('id', '=', report.group_id)
            .executeTakeFirstOrThrow();
          return { group: toGroup(group), attached: false };
        }
        const groupId = (await findGroup(trx, input)) ?? (await createGroup(trx, input));
        const group = await trx
          .selectFrom('groups')
          .selectAll()
          .where('id', '=', groupId)
          .executeTakeFirstOrThrow();
        const kinds = new Set(group.source_kinds.split(',').filter(Boolean)).add(input.sourceKind);
        const changes = {
          count: group.count + 1,
          first_seen: earlier(input.receivedAt, group.first_seen),
          last_seen:
            earlier(group.last_seen, input.receivedAt) === group.last_seen
              ? input.receivedAt
              : group.last_seen,
          source_kinds: [...kinds].sort().join(','),
          updated_at: nowIso(),
        };
        await trx.updateTable('groups').set(changes).where('id', '=', groupId).execute();
        const { analysis } = input;
        await trx
          .updateTable('reports')
          .set({
            stage: 'grouped',
            group_id: groupId,
            error: null,
            ...(analysis
              ? {
                  parsed: JSON.stringify(analysis.report),
                  label: analysis.classification.label,
                  classification: JSON.stringify(analysis.classification),
                }
              : {}),
          })
          .where('id', '=', input.reportId)
          .execute();
        return { group: toGroup({ ...group, ...changes }), attached: true };
      });
    },

    get,

    async setStatus(id, status) {
      await db
        .updateTable('groups')
        .set({ status, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return get(id);
    },

    async setInvestigation(id, { state, detail, attempts }) {
      await db
        .updateTable('groups')
        .set({
          investigation_state: state,
          investigation_detail: detail,
          investigation_attempts: attempts,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      return get(id);
    },

    async changedSince(since, limit = 100) {
      const rows = await db
        .selectFrom('groups')
        .selectAll()
        .where('updated_at', '>', since)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(toGroup);
    },

    async listOpen(projectId, labels) {
      if (labels.length === 0) return [];
      const rows = await db
        .selectFrom('groups')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('label', 'in', labels)
        .where('status', 'in', ['new', 'triaged'])
        .execute();
      return rows.map(toGroup);
    },
  };
}

async function findGroup(
  trx: Transaction<Database>,
  input: AttachReport,
): Promise<string | undefined> {
  const { key } = input;
  if ('signature' in key) {
    const row = await trx
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', input.projectId)
      .where('signature', '=', key.signature)
      .executeTakeFirst();
    return row?.id;
  }
  if (key.bands.length === 0) return undefined;
  const candidates = await trx
    .selectFrom('group_bands')
    .innerJoin('groups', 'groups.id', 'group_bands.group_id')
    .select(['groups.id', 'groups.minhash'])
    .distinct()
    .where('group_bands.project_id', '=', input.projectId)
    .where('group_bands.label', '=', input.label)
    .where('group_bands.band', 'in', key.bands)
    .execute();
  let best: { id: string; similarity: number } | undefined;
  for (const candidate of candidates) {
    if (!candidate.minhash) continue;
    const similarity = key.similarity(key.minhash, JSON.parse(candidate.minhash) as number[]);
    if (similarity >= key.threshold && (!best || similarity > best.similarity)) {
      best = { id: candidate.id, similarity };
    }
  }
  return best?.id;
}

async function createGroup(trx: Transaction<Database>, input: AttachReport): Promise<string> {
  const { key } = input;
  const id = randomUUID();
  const signature = 'signature' in key ? key.signature : `text:${input.reportId}`;
  await trx
    .insertInto('groups')
    .values({
      id,
      project_id: input.projectId,
      label: input.label,
      status: 'new',
      title: input.title,
      signature,
      minhash: 'minhash' in key ? JSON.stringify(key.minhash) : null,
      count: 0,
      first_seen: input.receivedAt,
      last_seen: input.receivedAt,
      source_kinds: '',
      representative_report_id: input.reportId,
      latest_diagnosis_version: 0,
      investigation_state: null,
      investigation_detail: null,
      investigation_attempts: 0,
      updated_at: nowIso(),
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'signature']).doNothing())
    .execute();
  if ('bands' in key && key.bands.length > 0) {
    await trx
      .insertInto('group_bands')
      .values(
        key.bands.map((band) => ({
          project_id: input.projectId,
          label: input.label,
          band,
          group_id: id,
        })),
      )
      .execute();
  }
  // Another worker may have created the same signature's group first: use theirs.
  const row = await trx
    .selectFrom('groups')
    .select('id')
    .where('project_id', '=', input.projectId)
    .where('signature', '=', signature)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The earlier of two store timestamps (ISO text sorts in time order). */
function earlier(a: string, b: string): string {
  return a.localeCompare(b) <= 0 ? a : b;
}
