/**
 * Regrouping a report edited upstream: it ends in the group its new text belongs to, as a report
 * arriving with that text would, without losing what a person did to its group.
 * - A report that still fits its group (the same crash fingerprint; text as alike as grouping
 *   asks; or a person merged it there) stays, whatever its new label.
 * - A report alone in its group takes the group with it: the group is re-keyed, relabelled and
 *   retitled to the new text, or, when the new text belongs to another group (a crash that group
 *   already has, a near-duplicate of its text), merged into that group as a person's merge is
 *   (`mergeGroupsIn`: unmerge gives it back), the group it joins taking the assignee and priority
 *   a person gave it when it has none (`keepTriage`).
 * - A report of a group of several that no longer fits it leaves for the group its new text
 *   belongs to (or a new one): first the group of its own that an earlier edit merged there, when
 *   the new text fits that group again (edited back: the merge is undone, as unmerge undoes it); the group it left is recounted and, when the report was its
 *   representative, takes its earliest remaining report as representative and that report's title.
 */
import { sql, type Transaction } from 'kysely';
import {
  type AttachReport,
  analysisColumns,
  attachOne,
  findGroup,
  keepBands,
} from './group-attach.js';
import {
  followMerges,
  type GroupMergeRow,
  giveBackMerge,
  mergedHereByHand,
  mergeGroupsIn,
  recount,
} from './group-merges.js';
import { groupRow, isCrashSignature, toGroup } from './group-record.js';
import { refreshRepresentative } from './group-representative.js';
import type { GroupRecord, ReportAnalysis } from './records.js';
import type { Database, GroupRow } from './schema.js';
import { nowIso } from './time.js';

/** A report edited upstream, with its new analysis and the key, label and title made from it. */
export type RegroupReport = AttachReport & { analysis: ReportAnalysis };

/** What regrouping an edited report did. */
export interface RegroupResult {
  /** The group the report is in now. */
  group: GroupRecord;
  /**
   * `kept`: it stays in its group (a group of one follows its new text); `merged`: its group of
   * one was merged into the group its new text belongs to; `moved`: it left a group of several.
   */
  change: 'kept' | 'merged' | 'moved';
  /** The group it left (`merged`: hidden, merged into `group`; `moved`: recounted). */
  left?: GroupRecord;
  /** True when the group it left took another report as its representative. */
  representativeChanged?: boolean;
}

/**
 * Keeps a grouped report's new analysis and regroups it (see the module header), inside the
 * caller's transaction.
 * @throws Error when the report is not stored or not grouped.
 */
export async function regroupReport(
  trx: Transaction<Database>,
  input: RegroupReport,
): Promise<RegroupResult> {
  const report = await trx
    .selectFrom('reports')
    .select(['group_id', 'source_kind', 'source_report_id'])
    .where('id', '=', input.reportId)
    .executeTakeFirst();
  if (!report?.group_id) throw new Error(`No grouped report "${input.reportId}" to regroup.`);
  await trx
    .updateTable('reports')
    .set({ stage: 'grouped', error: null, ...analysisColumns(input.analysis) })
    .where('id', '=', input.reportId)
    .execute();
  const group = await groupRow(trx, report.group_id);
  if (group.count <= 1) return followText(trx, input, group);
  if (fits(group, input) || (await mergedHereByHand(trx, input.reportId, group.id))) {
    return { group: toGroup(group), change: 'kept' };
  }
  return leave(trx, input, group, `${report.source_kind}:${report.source_report_id}`);
}

/** Whether the report's new key still finds `group` (see the module header). */
function fits(group: GroupRow, input: AttachReport): boolean {
  const { key } = input;
  if ('signature' in key) {
    return group.signature === key.signature || !!key.legacySignatures?.includes(group.signature);
  }
  if (isCrashSignature(group.signature)) return false;
  if (!('minhash' in key) || group.minhash === null) return true;
  // Whatever its new label: a near-duplicate stays, so a label flipped by a small edit splits nothing.
  return key.similarity(key.minhash, JSON.parse(group.minhash) as number[]) >= key.threshold;
}

/** A group of one report follows the report's new text, or is merged where that text belongs. */
async function followText(
  trx: Transaction<Database>,
  input: AttachReport,
  group: GroupRow,
): Promise<RegroupResult> {
  const found = fits(group, input) ? undefined : await findGroup(trx, input, group.id);
  const into = found === undefined ? undefined : await followMerges(trx, found);
  if (into === undefined || into === group.id) {
    // A match merged into this group by hand holds the new key: the group keeps its own.
    const keyHeld = into === group.id;
    return { group: toGroup(await rekey(trx, input, group, keyHeld)), change: 'kept' };
  }
  await keepTriage(trx, group, into);
  await mergeGroupsIn(trx, group.id, into, 'edit');
  // Its old text is not what its report says now: the hidden group is not found by it again (a
  // report like that text would follow the merge into a group about another problem).
  await trx.deleteFrom('group_bands').where('group_id', '=', group.id).execute();
  return {
    group: toGroup(await groupRow(trx, into)),
    change: 'merged',
    left: toGroup(await groupRow(trx, group.id)),
  };
}

/**
 * A person's triage of a group merged by an edit is not lost from view: the group it joins takes
 * its assignee and priority when it has none, and `triaged` when it is still `new`. Other
 * statuses stay the joined group's (a resolved issue edited into a live crash does not resolve
 * the crash).
 */
async function keepTriage(trx: Transaction<Database>, from: GroupRow, intoId: string) {
  const into = await groupRow(trx, intoId);
  const changes = {
    ...(into.assignee === null && from.assignee !== null ? { assignee: from.assignee } : {}),
    ...(into.priority === null && from.priority !== null ? { priority: from.priority } : {}),
    ...(into.status === 'new' && from.status === 'triaged' ? { status: 'triaged' as const } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await trx
    .updateTable('groups')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', intoId)
    .execute();
}

/**
 * Gives a group of one report the key, label and title of the report's new text; with
 * `keepSignature`, its signature stays (another group, merged into it, holds the new one).
 */
async function rekey(
  trx: Transaction<Database>,
  input: AttachReport,
  group: GroupRow,
  keepSignature = false,
): Promise<GroupRow> {
  const { key } = input;
  // A crash group whose report lost its trace becomes a text group (signatures are unique).
  const textKey = isCrashSignature(group.signature);
  if (textKey) await freeTextKey(trx, input);
  const changes = {
    label: input.label,
    title: input.title,
    signature: keepSignature
      ? group.signature
      : 'signature' in key
        ? key.signature
        : textKey
          ? `text:${input.reportId}`
          : group.signature,
    minhash: 'minhash' in key ? JSON.stringify(key.minhash) : null,
    updated_at: nowIso(),
  };
  await trx.updateTable('groups').set(changes).where('id', '=', group.id).execute();
  await trx.deleteFrom('group_bands').where('group_id', '=', group.id).execute();
  await keepBands(trx, input, group.id);
  return { ...group, ...changes };
}

/**
 * A report leaves a group of several for the group its new text belongs to: the group its edit
 * merged away when its new text fits that group again (edited back), else as a report arriving
 * with that text would go.
 */
async function leave(
  trx: Transaction<Database>,
  input: AttachReport,
  group: GroupRow,
  ownIdentity: string,
): Promise<RegroupResult> {
  const editedAway = await groupEditedAway(trx, input, group.id);
  if (editedAway) return returnTo(trx, input, group, editedAway);
  // Its own identity (the GitHub issue) goes with it; identities it shares with the group (a
  // Sentry issue's) stay, and would lead it back.
  await trx
    .deleteFrom('group_identities')
    .where('group_id', '=', group.id)
    .where('identity', '=', ownIdentity)
    .execute();
  await trx
    .updateTable('reports')
    .set({ group_id: sql<null>`null` })
    .where('id', '=', input.reportId)
    .execute();
  await freeTextKey(trx, input);
  const identities = (input.key.identities ?? []).filter((identity) => identity === ownIdentity);
  const { group: joined } = await attachOne(
    trx,
    { ...input, key: { ...input.key, identities } },
    { leaving: group.id },
  );
  await recount(trx, group.id);
  const representativeChanged = group.representative_report_id === input.reportId;
  if (representativeChanged) await refreshRepresentative(trx, group.id);
  return {
    group: joined,
    change: 'moved',
    left: toGroup(await groupRow(trx, group.id)),
    representativeChanged,
  };
}

/**
 * The group of one this report's edit merged into `groupId` (`group_merges.reason` `edit`), when
 * the report's new text fits it again: a report edited into another problem and back returns to
 * its own group, with its history and triage, instead of making a new one.
 */
async function groupEditedAway(
  trx: Transaction<Database>,
  input: AttachReport,
  groupId: string,
): Promise<{ merge: GroupMergeRow; row: GroupRow } | undefined> {
  const merge = await trx
    .selectFrom('group_merges')
    .selectAll()
    .where('reason', '=', 'edit')
    .where('into_group_id', '=', groupId)
    .where('report_ids', '=', JSON.stringify([input.reportId]))
    .executeTakeFirst();
  if (!merge) return undefined;
  const row = await groupRow(trx, merge.group_id);
  return fits(row, input) ? { merge, row } : undefined;
}

/** Undoes the merge an edit made: the report goes back to its own group, keyed by its new text. */
async function returnTo(
  trx: Transaction<Database>,
  input: AttachReport,
  group: GroupRow,
  { merge, row }: { merge: GroupMergeRow; row: GroupRow },
): Promise<RegroupResult> {
  await giveBackMerge(trx, merge);
  await rekey(trx, input, row);
  const representativeChanged = group.representative_report_id === input.reportId;
  if (representativeChanged) await refreshRepresentative(trx, group.id);
  return {
    group: toGroup(await groupRow(trx, row.id)),
    change: 'moved',
    left: toGroup(await groupRow(trx, group.id)),
    representativeChanged,
  };
}

/**
 * A text group is keyed by the report that made it (`text:<report id>`), which may be this one:
 * that group (now merged away, or left) is keyed by its own id instead, so the key stays unique
 * and is free for the group this report may now key.
 */
async function freeTextKey(trx: Transaction<Database>, input: AttachReport) {
  await trx
    .updateTable('groups')
    .set({ signature: sql<string>`${'text:'} || id` })
    .where('project_id', '=', input.projectId)
    .where('signature', '=', `text:${input.reportId}`)
    .execute();
}
