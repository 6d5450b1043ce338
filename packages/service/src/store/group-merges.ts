/**
 * Merging groups by hand (Sentry's merge and unmerge): a group merged into another hands over its
 * reports and provider identities and is hidden from the inbox; a report that would have joined
 * it (its fingerprint, identity or text) joins the group it was merged into. Unmerge gives back
 * exactly what the merge moved. Both are kept in the store, so they last across restarts and
 * re-grouping.
 */
import { SightlineError } from '@sightline/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { groupNotFound } from './group-record.js';
import { refreshRepresentative } from './group-representative.js';
import type { Database, GroupMergeTable } from './schema.js';
import { nowIso } from './time.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A row of `group_merges`. */
export type GroupMergeRow = GroupMergeTable;

/** The group a report joins instead of `groupId`: the end of its chain of merges. */
export async function followMerges(db: Executor, groupId: string): Promise<string> {
  let id = groupId;
  for (let hop = 0; hop < 100; hop += 1) {
    const row = await db
      .selectFrom('groups')
      .select('merged_into')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.merged_into) return id;
    id = row.merged_into;
  }
  return id;
}

/** Recounts a group's reports, first and last seen, and source kinds from its reports. */
export async function recount(trx: Transaction<Database>, groupId: string) {
  const reports = await trx
    .selectFrom('reports')
    .select(['received_at', 'source_kind'])
    .where('group_id', '=', groupId)
    .execute();
  const times = reports.map((report) => report.received_at).sort();
  await trx
    .updateTable('groups')
    .set({
      count: reports.length,
      ...(times.length > 0
        ? { first_seen: times[0] as string, last_seen: times.at(-1) as string }
        : {}),
      source_kinds: [...new Set(reports.map((report) => report.source_kind))].sort().join(','),
      updated_at: nowIso(),
    })
    .where('id', '=', groupId)
    .execute();
}

/**
 * Merges group `sourceId` into `intoId`, in a transaction of its own.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND`; `INVALID_ARGUMENT` for a group merged into
 *   itself, groups of two projects, or a group already merged.
 */
export function mergeGroups(db: Kysely<Database>, sourceId: string, intoId: string) {
  return db.transaction().execute((trx) => mergeGroupsIn(trx, sourceId, intoId));
}

/**
 * Merges group `sourceId` into `intoId` inside the caller's transaction: the source hands over its
 * reports and identities (kept in `group_merges` for {@link unmergeGroup}, with `reason`: `edit`
 * for a merge an edited report made, null for a person's) and is hidden.
 * @throws SightlineError as {@link mergeGroups}.
 */
export async function mergeGroupsIn(
  trx: Transaction<Database>,
  sourceId: string,
  intoId: string,
  reason: 'edit' | null = null,
) {
  const [source, into] = await Promise.all(
    [sourceId, intoId].map((id) =>
      trx.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst(),
    ),
  );
  if (!source) throw groupNotFound(sourceId);
  if (!into) throw groupNotFound(intoId);
  const refuse = (message: string) => new SightlineError({ code: 'INVALID_ARGUMENT', message });
  if (source.id === into.id) throw refuse('A group cannot be merged into itself.');
  if (source.project_id !== into.project_id) {
    throw refuse('Only groups of one project can be merged.');
  }
  if (source.merged_into) {
    throw refuse(
      `Group ${source.id} is already merged into ${source.merged_into}; unmerge it first.`,
    );
  }
  if (into.merged_into) {
    throw refuse(`Group ${into.id} is merged into ${into.merged_into}; merge into that one.`);
  }
  const reports = await trx
    .selectFrom('reports')
    .select('id')
    .where('group_id', '=', source.id)
    .execute();
  const identities = await trx
    .selectFrom('group_identities')
    .select('identity')
    .where('group_id', '=', source.id)
    .execute();
  await trx
    .insertInto('group_merges')
    .values({
      group_id: source.id,
      into_group_id: into.id,
      report_ids: JSON.stringify(reports.map((report) => report.id)),
      identities: JSON.stringify(identities.map((row) => row.identity)),
      merged_at: nowIso(),
      reason,
    })
    .execute();
  await trx
    .updateTable('reports')
    .set({ group_id: into.id })
    .where('group_id', '=', source.id)
    .execute();
  await trx
    .updateTable('group_identities')
    .set({ group_id: into.id })
    .where('group_id', '=', source.id)
    .execute();
  await trx
    .updateTable('groups')
    .set({ merged_into: into.id, updated_at: nowIso() })
    .where('id', '=', source.id)
    .execute();
  await recount(trx, source.id);
  await recount(trx, into.id);
}

/**
 * Gives back what merging `sourceId` moved: its reports and identities (those still in the
 * group it was merged into), and shows it in the inbox again.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND`; `INVALID_ARGUMENT` when it is not merged.
 */
export function unmergeGroup(db: Kysely<Database>, sourceId: string) {
  return db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('groups')
      .select(['id', 'merged_into'])
      .where('id', '=', sourceId)
      .executeTakeFirst();
    if (!group) throw groupNotFound(sourceId);
    const merge = await trx
      .selectFrom('group_merges')
      .selectAll()
      .where('group_id', '=', sourceId)
      .executeTakeFirst();
    if (!group.merged_into || !merge) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Group ${sourceId} is not merged into another group.`,
      });
    }
    const reportIds = JSON.parse(merge.report_ids) as string[];
    const left = await trx
      .selectFrom('reports')
      .select('id')
      .where('id', 'in', reportIds.length > 0 ? reportIds : [''])
      .where('group_id', '=', merge.into_group_id)
      .executeTakeFirst();
    if (!left) {
      // Trial 21: a group whose reports were all edited away came back empty to the inbox.
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Group ${sourceId} has none of its reports left in group ${merge.into_group_id} (they were edited into other problems since the merge), so there is nothing to give back.`,
      });
    }
    await giveBackMerge(trx, merge);
  });
}

/**
 * Undoes one merge inside the caller's transaction: the merged group takes back its reports and
 * identities still in the group it was merged into, shows in the inbox again, and both are
 * recounted; its representative is refreshed (its reports may have been edited or moved out while
 * it was merged, trial 21).
 * @param merge - the merge's row of `group_merges`.
 */
export async function giveBackMerge(trx: Transaction<Database>, merge: GroupMergeRow) {
  const sourceId = merge.group_id;
  const giveBack = async (
    table: 'reports' | 'group_identities',
    column: 'id' | 'identity',
    keys: string[],
  ) => {
    if (keys.length === 0) return;
    await trx
      .updateTable(table)
      .set({ group_id: sourceId })
      .where(sql.ref(column), 'in', keys)
      .where('group_id', '=', merge.into_group_id)
      .execute();
  };
  await giveBack('reports', 'id', JSON.parse(merge.report_ids) as string[]);
  await giveBack('group_identities', 'identity', JSON.parse(merge.identities) as string[]);
  await trx.deleteFrom('group_merges').where('group_id', '=', sourceId).execute();
  await trx
    .updateTable('groups')
    .set({ merged_into: sql<null>`null`, updated_at: nowIso() })
    .where('id', '=', sourceId)
    .execute();
  await recount(trx, sourceId);
  await recount(trx, merge.into_group_id);
  await refreshRepresentative(trx, sourceId);
}

/**
 * Whether a person's merge put report `reportId` into group `groupId`: a merge by hand (not one an
 * edit made) moved it, and its chain of merges ends there.
 */
export async function mergedHereByHand(
  trx: Transaction<Database>,
  reportId: string,
  groupId: string,
): Promise<boolean> {
  const merges = await trx
    .selectFrom('group_merges')
    .select(['into_group_id', 'report_ids'])
    .where('reason', 'is', null)
    .where('report_ids', 'like', `%${JSON.stringify(reportId)}%`)
    .execute();
  for (const merge of merges) {
    const moved = JSON.parse(merge.report_ids) as string[];
    if (moved.includes(reportId) && (await followMerges(trx, merge.into_group_id)) === groupId) {
      return true;
    }
  }
  return false;
}
