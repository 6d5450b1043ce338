/** Groups: reports of one problem, with a label, a triage status, a count and first/last seen. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, GroupRow, GroupStatus } from './schema.js';
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
  label: string;
  title: string;
  receivedAt: string;
  sourceKind: string;
  key: GroupKey;
  /** The parsed report and its classification, kept with the report in the same transaction. */
  analysis?: { parsed: unknown; classification: { label: string } };
}

/** The group store. */
export function createGroupStore(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  return {
    /**
     * Attaches a report to its group, creating the group when none matches, in one transaction.
     * Idempotent: a report already grouped is left as it is (a retried job counts it once).
     * @returns the group and whether this call attached the report (false: it already was).
     */
    attach(input: AttachReport): Promise<{ group: GroupRow; attached: boolean }> {
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
          return { group, attached: false };
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
                  parsed: JSON.stringify(analysis.parsed),
                  label: analysis.classification.label,
                  classification: JSON.stringify(analysis.classification),
                }
              : {}),
          })
          .where('id', '=', input.reportId)
          .execute();
        const updated = { ...group, ...changes };
        return { group: updated, attached: true };
      });
    },

    /**
     * The group with this id.
     * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none.
     */
    async get(id: string): Promise<GroupRow> {
      const group = await db
        .selectFrom('groups')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!group) {
        throw new SightlineError({
          code: 'STORE_ENTRY_NOT_FOUND',
          message: `No group "${id}". List the groups with GET /api/groups.`,
        });
      }
      return group;
    },

    /** Sets a group's triage status. @throws SightlineError `STORE_ENTRY_NOT_FOUND`. */
    async setStatus(id: string, status: GroupStatus): Promise<GroupRow> {
      await db
        .updateTable('groups')
        .set({ status, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return this.get(id);
    },

    /** Groups changed after `since` (ISO time), oldest change first: the live-update feed. */
    changedSince(since: string, limit = 100): Promise<GroupRow[]> {
      return db
        .selectFrom('groups')
        .selectAll()
        .where('updated_at', '>', since)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    /** Bug and crash groups of a project that are still open (new or triaged). */
    listOpenInvestigable(projectId: string): Promise<GroupRow[]> {
      return db
        .selectFrom('groups')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('label', 'in', ['bug', 'crash'])
        .where('status', 'in', ['new', 'triaged'])
        .execute();
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

export type GroupStore = ReturnType<typeof createGroupStore>;

/** The earlier of two store timestamps (ISO text sorts in time order). */
function earlier(a: string, b: string): string {
  return a.localeCompare(b) <= 0 ? a : b;
}
