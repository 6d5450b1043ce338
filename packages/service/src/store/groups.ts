/** Groups: reports of one problem, with a label, a triage status, a count and first/last seen. */
import { type Kysely, sql, type Transaction } from 'kysely';
import { type GroupStatus, OPEN_STATUSES, type ReportLabel } from '../vocabulary.js';
import { type AttachReport, type AttachResult, attachOne } from './group-attach.js';
import { mergeGroups, unmergeGroup } from './group-merges.js';
import { groupNotFound, groupRow, toGroup } from './group-record.js';
import { type RegroupReport, type RegroupResult, regroupReport } from './group-regroup.js';
import { groupReleases } from './group-releases.js';
import type {
  GroupRecord,
  GroupReleaseRecord,
  GroupTriage,
  InvestigationProgress,
} from './records.js';
import type { Database, GroupRow } from './schema.js';
import { nowIso } from './time.js';

/** The group store. */
export interface GroupStore {
  /**
   * Attaches a report to its group, creating the group when none matches, in one transaction.
   * Idempotent: a report already grouped is left as it is (a retried job counts it once). The
   * report's release is kept with the group's releases. A report joining a resolved group marks
   * it `regressed` when it comes from a release after the one the group was resolved in, or
   * carries no release (see `regressesResolved`).
   * @returns the group, whether this call attached the report (false: it already was) and
   * whether it marked the group regressed. (It attaches whatever payload the report holds now;
   * {@link attachMany} given a `payload` attaches only a report still holding it.)
   */
  attach(input: Omit<AttachReport, 'payload'>): Promise<AttachResult>;
  /**
   * Attaches reports to their groups in input order, all in one transaction (all or none), each
   * as {@link attach} does; a report may join a group an earlier one of the batch created.
   * @returns one result per input, in input order: undefined for a report that no longer holds
   * its input's `payload` (edited since it was read; left as received for its edit's job).
   * @throws Error when a report is not stored (nothing is attached).
   */
  attachMany(inputs: readonly AttachReport[]): Promise<(AttachResult | undefined)[]>;
  /**
   * Keeps a grouped report's new analysis (it was edited upstream) and moves it to the group its
   * new text belongs to, in one transaction (see `regroupReport`: a group of one follows its
   * report or is merged; a report that no longer fits a group of several leaves it).
   * @returns what changed; undefined when the report no longer holds the input's `payload` (edited
   * again since it was read: nothing is kept, the newer edit's job analyses it).
   * @throws Error when the report is not grouped.
   */
  regroup(input: RegroupReport): Promise<RegroupResult | undefined>;
  /**
   * The group with this id.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` when there is none.
   */
  get(id: string): Promise<GroupRecord>;
  /**
   * Sets a group's triage status; resolving it records the newest release seen so far as the
   * release it was resolved in. @throws SightlineError `STORE_ENTRY_NOT_FOUND`.
   */
  setStatus(id: string, status: GroupStatus): Promise<GroupRecord>;
  /** The releases a group's reports came from, newest first (see `groupReleases`). */
  releases(id: string): Promise<GroupReleaseRecord[]>;
  /**
   * Sets a group's title (its representative report was edited). @throws SightlineError
   * `STORE_ENTRY_NOT_FOUND`.
   */
  retitle(id: string, title: string): Promise<GroupRecord>;
  /**
   * Sets status, assignee and priority of several groups at once (bulk triage), in one
   * transaction: all change or none.
   * @returns the groups, in the order of `ids`.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND` naming the first unknown id (nothing changed).
   */
  triage(ids: readonly string[], changes: GroupTriage): Promise<GroupRecord[]>;
  /** Names groups are assigned to (unmerged groups), alphabetically. */
  assignees(): Promise<string[]>;
  /** Groups changed after `since` (ISO time), oldest change first: the live-update feed. */
  changedSince(since: string, limit?: number): Promise<GroupRecord[]>;
  /** Keeps where a group's investigation job is. @throws SightlineError `STORE_ENTRY_NOT_FOUND`. */
  setInvestigation(id: string, progress: InvestigationProgress): Promise<GroupRecord>;
  /**
   * Follows the provider's status of the group an identity maps to (a GitHub issue closed or
   * reopened, a Sentry issue resolved or unresolved): `resolved` resolves an open group,
   * `reopened` reopens a resolved one. With `at` (when the provider changed it, any ISO 8601
   * time), a change older than the last one followed for the identity is stale (a delivery
   * late or redelivered) and changes nothing; without it, changes apply in arrival order.
   * @returns the group when its status changed.
   */
  followUpstream(
    projectId: string,
    identity: string,
    status: 'resolved' | 'reopened',
    at?: string,
  ): Promise<GroupRecord | undefined>;
  /**
   * Whether a provider identity (`sentry-issue:<id>`, `github:<owner/repo>#<n>`) maps to a group
   * of the project: a report carrying it was grouped.
   */
  hasIdentity(projectId: string, identity: string): Promise<boolean>;
  /**
   * Merges group `id` into `into` by hand (see `mergeGroups`). @returns the group merged into.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND`, `INVALID_ARGUMENT`.
   */
  merge(id: string, into: string): Promise<GroupRecord>;
  /**
   * Undoes the merge of group `id` (see `unmergeGroup`). @returns the group, shown again.
   * @throws SightlineError `STORE_ENTRY_NOT_FOUND`, `INVALID_ARGUMENT`.
   */
  unmerge(id: string): Promise<GroupRecord>;
  /**
   * Groups merged into group `id`, last merged first; not one whose reports were all edited into
   * other groups since (there is nothing to give back).
   */
  listMergedInto(id: string): Promise<GroupRecord[]>;
  /** Groups of a project with one of `labels` that are still open (see `OPEN_STATUSES`). */
  listOpen(projectId: string, labels: readonly ReportLabel[]): Promise<GroupRecord[]>;
}

/** Creates the group store over the database. */
export function createGroupStore(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): GroupStore {
  const get = async (id: string): Promise<GroupRecord> => {
    const group = await db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    if (!group) throw groupNotFound(id);
    return toGroup(group);
  };
  const triage = (ids: readonly string[], changes: GroupTriage): Promise<GroupRecord[]> =>
    db.transaction().execute(async (trx) => {
      if (ids.length === 0) return [];
      const rows = await trx.selectFrom('groups').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const missing = ids.find((id) => !byId.has(id));
      if (missing !== undefined) throw groupNotFound(missing);
      const set = {
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.assignee !== undefined ? { assignee: changes.assignee } : {}),
        ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
        updated_at: nowIso(),
      };
      await trx.updateTable('groups').set(set).where('id', 'in', ids).execute();
      // Resolving records the newest release seen so far as the release it was resolved in.
      const resolutions = new Map<
        string,
        { resolved_release: string | null; resolved_at: string }
      >();
      if (changes.status === 'resolved') {
        for (const id of ids) {
          const resolution = {
            resolved_release: (await groupReleases(trx, id))[0]?.release ?? null,
            resolved_at: set.updated_at,
          };
          await trx.updateTable('groups').set(resolution).where('id', '=', id).execute();
          resolutions.set(id, resolution);
        }
      }
      return ids.map((id) =>
        toGroup({ ...(byId.get(id) as GroupRow), ...set, ...resolutions.get(id) }),
      );
    });
  const setStatus = async (id: string, status: GroupStatus): Promise<GroupRecord> => {
    const [group] = await triage([id], { status });
    return group as GroupRecord;
  };
  const attachMany: GroupStore['attachMany'] = (inputs) => {
    if (inputs.length === 0) return Promise.resolve([]);
    return db.transaction().execute(async (trx) => {
      await lockGrouping(
        trx,
        dialect,
        inputs.map((input) => `${input.projectId}:${input.label}`),
      );
      const reports = await lockReports(
        trx,
        dialect,
        inputs.map((input) => input.reportId),
      );
      const known = new Map(reports.map((row) => [row.id, row]));
      const results: (AttachResult | undefined)[] = [];
      for (const input of inputs) {
        const report = known.get(input.reportId);
        if (!report) throw new Error(`No report "${input.reportId}" to attach to a group.`);
        if (input.payload !== undefined && report.payload !== input.payload) {
          results.push(undefined);
          continue;
        }
        // Idempotent: a report already grouped (a retried job) is left as it is.
        results.push(
          report.stage === 'grouped' && report.group_id
            ? {
                group: toGroup(await groupRow(trx, report.group_id)),
                attached: false,
                regressed: false,
              }
            : await attachOne(trx, input),
        );
      }
      return results;
    });
  };
  return {
    attachMany,

    regroup: (input) =>
      db.transaction().execute(async (trx) => {
        const report = await trx
          .selectFrom('reports')
          .innerJoin('groups', 'groups.id', 'reports.group_id')
          .select('groups.label')
          .where('reports.id', '=', input.reportId)
          .executeTakeFirst();
        await lockGrouping(trx, dialect, [
          `${input.projectId}:${input.label}`,
          ...(report ? [`${input.projectId}:${report.label}`] : []),
        ]);
        const [stored] = await lockReports(trx, dialect, [input.reportId]);
        if (input.payload !== undefined && stored?.payload !== input.payload) return undefined;
        return regroupReport(trx, input);
      }),

    async attach(input) {
      const [attached] = await attachMany([input]);
      return attached as AttachResult;
    },

    get,

    setStatus,

    releases: (id) => groupReleases(db, id),
    triage,

    async assignees() {
      const rows = await db
        .selectFrom('groups')
        .select('assignee')
        .distinct()
        .where('assignee', 'is not', null)
        .where('merged_into', 'is', null)
        .orderBy('assignee')
        .execute();
      return rows.map((row) => row.assignee as string);
    },

    async retitle(id, title) {
      await db
        .updateTable('groups')
        .set({ title, updated_at: nowIso() })
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

    async followUpstream(projectId, identity, status, at) {
      const row = await db
        .selectFrom('group_identities')
        .innerJoin('groups', 'groups.id', 'group_identities.group_id')
        .select(['groups.id', 'groups.status'])
        .where('group_identities.project_id', '=', projectId)
        .where('group_identities.identity', '=', identity)
        .executeTakeFirst();
      if (!row) return undefined;
      const when = at === undefined ? undefined : utcTime(at);
      if (when !== undefined) {
        // One statement, so of two deliveries at once the later change wins whatever their order.
        const { numUpdatedRows } = await db
          .updateTable('group_identities')
          .set({ upstream_at: when })
          .where('project_id', '=', projectId)
          .where('identity', '=', identity)
          .where((where) =>
            where.or([where('upstream_at', 'is', null), where('upstream_at', '<=', when)]),
          )
          .executeTakeFirst();
        if (numUpdatedRows === 0n) return undefined;
      }
      const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
      if (status === 'resolved' ? !open : row.status !== 'resolved') return undefined;
      return setStatus(row.id, status);
    },

    async hasIdentity(projectId, identity) {
      const row = await db
        .selectFrom('group_identities')
        .select('group_id')
        .where('project_id', '=', projectId)
        .where('identity', '=', identity)
        .executeTakeFirst();
      return row !== undefined;
    },

    async merge(id, into) {
      await mergeGroups(db, id, into);
      return get(into);
    },

    async unmerge(id) {
      await unmergeGroup(db, id);
      return get(id);
    },

    async listMergedInto(id) {
      const rows = await db
        .selectFrom('groups')
        .innerJoin('group_merges', 'group_merges.group_id', 'groups.id')
        .selectAll('groups')
        .select('group_merges.report_ids')
        .where('groups.merged_into', '=', id)
        .orderBy('groups.updated_at', 'desc')
        .execute();
      // One whose reports were all edited into other groups since has nothing left to give back.
      const moved = rows.map((row) => JSON.parse(row.report_ids) as string[]);
      const all = moved.flat();
      const here = new Set(
        all.length === 0
          ? []
          : (
              await db
                .selectFrom('reports')
                .select('id')
                .where('group_id', '=', id)
                .where('id', 'in', all)
                .execute()
            ).map((report) => report.id),
      );
      return rows
        .filter((_, index) => moved[index]?.some((report) => here.has(report)))
        .map(({ report_ids: _, ...group }) => toGroup(group));
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
        .where('status', 'in', OPEN_STATUSES)
        .where('merged_into', 'is', null)
        .execute();
      return rows.map(toGroup);
    },
  };
}

/**
 * Two workers grouping near-duplicates at once would each make a group: on Postgres, grouping
 * within one project and label (`<project id>:<label>`) is serialized (SQLite writes are serial
 * anyway). The locks are taken in one order, so two batches never wait on each other in a cycle.
 */
/**
 * The reports' stage, group and stored payload, each row locked on Postgres until the transaction
 * ends: an edit stored meanwhile (`ReportStore.insertMany`) waits, then sets the report back to
 * `received` for its own job. SQLite runs one write transaction at a time, so it needs no lock.
 */
function lockReports(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  ids: readonly string[],
) {
  return trx
    .selectFrom('reports')
    .select(['id', 'stage', 'group_id', 'payload'])
    .where('id', 'in', ids)
    .orderBy('id') // one lock order for every batch
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .execute();
}

async function lockGrouping(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  keys: readonly string[],
) {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}

/**
 * An ISO 8601 time as the store compares times (UTC, milliseconds); undefined when unreadable or
 * outside the years 2000–9999 (the text of other years does not sort in time order: a five-digit
 * year is written `+058895-…`).
 */
function utcTime(text: string): string | undefined {
  const time = Date.parse(text);
  if (!(time >= Date.UTC(2000, 0) && time < Date.UTC(10000, 0))) return undefined;
  return new Date(time).toISOString();
}
