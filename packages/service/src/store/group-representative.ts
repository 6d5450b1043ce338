/** Which report stands for a group, and the title it gives the group. */
import type { Transaction } from 'kysely';
import { type Report, reportTitle } from '../adapters/investigator.js';
import type { Database } from './schema.js';
import { nowIso } from './time.js';

/**
 * Keeps a group's representative among its reports, and its title the representative's: the
 * representative stays while it is in the group, else the group's earliest report takes its
 * place (an edit moved it out; an unmerge gave the group back without it). The title is made
 * from the representative's stored analysis (its newest text: it may have been edited while the
 * group was merged). A group without reports is left as it is.
 */
export async function refreshRepresentative(trx: Transaction<Database>, groupId: string) {
  const group = await trx
    .selectFrom('groups')
    .select(['representative_report_id', 'title'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  const reports = trx
    .selectFrom('reports')
    .select(['id', 'parsed'])
    .where('group_id', '=', groupId);
  const representative =
    (await reports.where('id', '=', group.representative_report_id).executeTakeFirst()) ??
    (await reports.orderBy('received_at').orderBy('id').executeTakeFirst());
  if (!representative) return;
  const parsed =
    representative.parsed === null ? undefined : (JSON.parse(representative.parsed) as Report);
  const title = parsed ? reportTitle(parsed) : group.title;
  if (representative.id === group.representative_report_id && title === group.title) return;
  await trx
    .updateTable('groups')
    .set({ representative_report_id: representative.id, title, updated_at: nowIso() })
    .where('id', '=', groupId)
    .execute();
}
