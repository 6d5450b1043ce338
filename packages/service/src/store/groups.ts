/** Groups: reports of one problem, with a label, a triage status, a count and first/last seen. */
import { randomUUID } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { SECRET_RULES_VERSION } from '../adapters/investigator.js';
import { type GroupStatus, OPEN_STATUSES, type ReportLabel } from '../vocabulary.js';
import { followMerges, mergeGroups, unmergeGroup } from './group-merges.js';
import { groupReleases, keepRelease, regressesResolved } from './group-releases.js';
import type {
  GroupRecord,
  GroupReleaseRecord,
  GroupTriage,
  InvestigationProgress,
  ReportAnalysis,
} from './records.js';
import type { Database, GroupRow } from './schema.js';
import { nowIso } from './time.js';

/**
 * How a report finds its group: a provider identity another report of the group carried, else
 * an exact signature (or a legacy one, see `legacySignatures`), else near-duplicate text; a key
 * with neither is a group of its own.
 */
export type GroupKey = {
  /** Provider identities (`sentry-issue:<id>`, `github:<owner/repo#n>`): kept for the group. Default none. */
  identities?: readonly string[];
} & (
  | {
      /** The report's crash fingerprint (current version). */
      signature: string;
      /**
       * The same report's fingerprints under earlier versions of the rule: a group stored with
       * one of them, and none with `signature`, takes the report and is re-keyed to `signature`.
       * Default none.
       */
      legacySignatures?: readonly string[];
    }
  | Record<never, never>
  | {
      /** MinHash signature of the report's text. */
      minhash: number[];
      /** LSH band keys of `minhash`: groups sharing one are candidates. */
      bands: string[];
      /** Estimated Jaccard similarity of two MinHash signatures. */
      similarity(a: number[], b: number[]): number;
      /** Least similarity to join a group (0–1). */
      threshold: number;
    }
);

/** A report to attach to its group. */
export interface AttachReport {
  reportId: string;
  projectId: string;
  label: ReportLabel;
  title: string;
  receivedAt: string;
  sourceKind: string;
  key: GroupKey;
  /** The release or app version the report came from, when its source says. Default none. */
  release?: string;
  /** The parsed report and its classification, kept with the report in the same transaction. */
  analysis?: ReportAnalysis;
}

/** What attaching one report did. */
export interface AttachResult {
  group: GroupRecord;
  /** False when the report already was in its group (a retried job counts it once). */
  attached: boolean;
  /** True when this report marked a resolved group `regressed`. */
  regressed: boolean;
}

/** The group store. */
export interface GroupStore {
  /**
   * Attaches a report to its group, creating the group when none matches, in one transaction.
   * Idempotent: a report already grouped is left as it is (a retried job counts it once). The
   * report's release is kept with the group's releases. A report joining a resolved group marks
   * it `regressed` when it comes from a release after the one the group was resolved in, or
   * carries no release (see `regressesResolved`).
   * @returns the group, whether this call attached the report (false: it already was) and
   * whether it marked the group regressed.
   */
  attach(input: AttachReport): Promise<AttachResult>;
  /**
   * Attaches reports to their groups in input order, all in one transaction (all or none), each
   * as {@link attach} does; a report may join a group an earlier one of the batch created.
   * @returns one result per input, in input order.
   * @throws Error when a report is not stored (nothing is attached).
   */
  attachMany(inputs: readonly AttachReport[]): Promise<AttachResult[]>;
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
   * `reopened` reopens a resolved one. @returns the group when its status changed.
   */
  followUpstream(
    projectId: string,
    identity: string,
    status: 'resolved' | 'reopened',
  ): Promise<GroupRecord | undefined>;
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
  /** Groups merged into group `id` by hand, last merged first. */
  listMergedInto(id: string): Promise<GroupRecord[]>;
  /** Groups of a project with one of `labels` that are still open (see `OPEN_STATUSES`). */
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
    mergedInto: row.merged_into,
    resolvedInRelease: row.resolved_release,
    assignee: row.assignee,
    priority: row.priority,
    updatedAt: row.updated_at,
  };
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
  const attachMany = (inputs: readonly AttachReport[]): Promise<AttachResult[]> => {
    if (inputs.length === 0) return Promise.resolve([]);
    return db.transaction().execute(async (trx) => {
      // Two workers grouping near-duplicates at once would each make a group: on Postgres,
      // grouping within one project and label is serialized (SQLite writes are serial anyway).
      // A batch takes its locks in one order, so two batches never wait on each other in a cycle.
      if (dialect === 'postgres') {
        const keys = [...new Set(inputs.map((input) => `${input.projectId}:${input.label}`))];
        for (const key of keys.sort()) {
          await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        }
      }
      const reports = await trx
        .selectFrom('reports')
        .select(['id', 'stage', 'group_id'])
        .where(
          'id',
          'in',
          inputs.map((input) => input.reportId),
        )
        .execute();
      const known = new Map(reports.map((row) => [row.id, row]));
      const results: AttachResult[] = [];
      for (const input of inputs) {
        const report = known.get(input.reportId);
        if (!report) throw new Error(`No report "${input.reportId}" to attach to a group.`);
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

    async followUpstream(projectId, identity, status) {
      const row = await db
        .selectFrom('group_identities')
        .innerJoin('groups', 'groups.id', 'group_identities.group_id')
        .select(['groups.id', 'groups.status'])
        .where('group_identities.project_id', '=', projectId)
        .where('group_identities.identity', '=', identity)
        .executeTakeFirst();
      if (!row) return undefined;
      const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
      if (status === 'resolved' ? !open : row.status !== 'resolved') return undefined;
      return setStatus(row.id, status);
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
        .selectAll()
        .where('merged_into', '=', id)
        .orderBy('updated_at', 'desc')
        .execute();
      return rows.map(toGroup);
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

/** A group's row. @throws Error when there is none (a broken reference inside a transaction). */
function groupRow(trx: Transaction<Database>, id: string): Promise<GroupRow> {
  return trx.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Attaches one report not grouped yet (see `GroupStore.attach`), inside the batch's transaction. */
async function attachOne(trx: Transaction<Database>, input: AttachReport): Promise<AttachResult> {
  const found = (await findByIdentity(trx, input)) ?? (await findGroup(trx, input));
  let row = found ? await groupRow(trx, found) : await createGroup(trx, input);
  if (row.merged_into) row = await groupRow(trx, await followMerges(trx, row.merged_into));
  await keepIdentities(trx, input, row.id);
  const group = await adoptTrace(trx, input, row);
  const kinds = new Set(group.source_kinds.split(',').filter(Boolean)).add(input.sourceKind);
  const release = input.release?.trim() || undefined;
  // A new report of a resolved problem, from a later release: it is back.
  const regressed =
    group.status === 'resolved' &&
    regressesResolved(
      release,
      { release: group.resolved_release, at: group.resolved_at },
      release ? await releaseFirstSeen(trx, group.id, release) : undefined,
    );
  if (release) await keepRelease(trx, group.id, release, input.receivedAt);
  const changes = {
    ...(regressed ? { status: 'regressed' as const, regressed_at: nowIso() } : {}),
    count: group.count + 1,
    first_seen: earlier(input.receivedAt, group.first_seen),
    last_seen:
      earlier(group.last_seen, input.receivedAt) === group.last_seen
        ? input.receivedAt
        : group.last_seen,
    source_kinds: [...kinds].sort().join(','),
    updated_at: nowIso(),
  };
  await trx.updateTable('groups').set(changes).where('id', '=', group.id).execute();
  const { analysis } = input;
  await trx
    .updateTable('reports')
    .set({
      stage: 'grouped',
      group_id: group.id,
      error: null,
      ...(analysis
        ? {
            parsed: JSON.stringify(analysis.report),
            secret_rules: SECRET_RULES_VERSION,
            label: analysis.classification.label,
            classification: JSON.stringify(analysis.classification),
          }
        : {}),
    })
    .where('id', '=', input.reportId)
    .execute();
  return {
    group: toGroup({ ...group, ...changes }),
    attached: true,
    regressed,
  };
}

/** When a group first saw a release; undefined: never. */
async function releaseFirstSeen(
  trx: Transaction<Database>,
  groupId: string,
  release: string,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('group_releases')
    .select('first_seen')
    .where('group_id', '=', groupId)
    .where('release', '=', release)
    .executeTakeFirst();
  return row?.first_seen;
}

/** The error for an unknown group id. */
function groupNotFound(id: string): SightlineError {
  return new SightlineError({
    code: 'STORE_ENTRY_NOT_FOUND',
    message: `No group "${id}". List the groups with GET /api/groups.`,
  });
}

/** The group one of the report's provider identities already maps to. */
async function findByIdentity(
  trx: Transaction<Database>,
  input: AttachReport,
): Promise<string | undefined> {
  const identities = input.key.identities ?? [];
  if (identities.length === 0) return undefined;
  const row = await trx
    .selectFrom('group_identities')
    .select('group_id')
    .where('project_id', '=', input.projectId)
    .where('identity', 'in', identities)
    .executeTakeFirst();
  return row?.group_id;
}

/** Maps the report's identities to its group (the first mapping of an identity stands). */
async function keepIdentities(trx: Transaction<Database>, input: AttachReport, groupId: string) {
  const identities = input.key.identities ?? [];
  if (identities.length === 0) return;
  await trx
    .insertInto('group_identities')
    .values(
      identities.map((identity) => ({
        project_id: input.projectId,
        identity,
        group_id: groupId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['project_id', 'identity']).doNothing())
    .execute();
}

/**
 * A crash joining a group made from text (a Sentry issue webhook before its event): the group
 * becomes a crash group with the crash's fingerprint, and the crash is the report it investigates.
 */
async function adoptTrace(
  trx: Transaction<Database>,
  input: AttachReport,
  group: GroupRow,
): Promise<GroupRow> {
  const { key } = input;
  if (!('signature' in key) || isCrashSignature(group.signature)) return group;
  const taken = await trx
    .selectFrom('groups')
    .select('id')
    .where('project_id', '=', input.projectId)
    .where('signature', '=', key.signature)
    .executeTakeFirst();
  const changes = {
    label: input.label,
    representative_report_id: input.reportId,
    ...(taken ? {} : { signature: key.signature }),
  };
  await trx.updateTable('groups').set(changes).where('id', '=', group.id).execute();
  return { ...group, ...changes };
}

async function findGroup(
  trx: Transaction<Database>,
  input: AttachReport,
): Promise<string | undefined> {
  const { key } = input;
  if ('signature' in key) return findBySignature(trx, input.projectId, key);
  if (!('bands' in key) || key.bands.length === 0) return undefined;
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

/**
 * The group keyed by the report's signature, else by one of its legacy signatures (the group
 * seen first). A group found by a legacy signature is re-keyed to the current one (migrated
 * on first use: later reports find it directly, and the store keeps one signature per group);
 * other legacy groups of the same crash keep their keys, and their reports now join this one.
 */
async function findBySignature(
  trx: Transaction<Database>,
  projectId: string,
  key: { signature: string; legacySignatures?: readonly string[] },
): Promise<string | undefined> {
  const signatures = [key.signature, ...(key.legacySignatures ?? [])];
  const rows = await trx
    .selectFrom('groups')
    .select(['id', 'signature', 'first_seen'])
    .where('project_id', '=', projectId)
    .where('signature', 'in', signatures)
    .execute();
  const current = rows.find((row) => row.signature === key.signature);
  if (current) return current.id;
  const legacy = rows.sort(
    (a, b) => a.first_seen.localeCompare(b.first_seen) || a.id.localeCompare(b.id),
  )[0];
  if (!legacy) return undefined;
  await trx
    .updateTable('groups')
    .set({ signature: key.signature })
    .where('id', '=', legacy.id)
    .execute();
  return legacy.id;
}

/** Creates the report's group, or returns the group another worker created for its signature first. */
async function createGroup(trx: Transaction<Database>, input: AttachReport): Promise<GroupRow> {
  const { key } = input;
  const signature = 'signature' in key ? key.signature : `text:${input.reportId}`;
  const row: GroupRow = {
    id: randomUUID(),
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
    merged_into: null,
    resolved_release: null,
    resolved_at: null,
    assignee: null,
    priority: null,
    updated_at: nowIso(),
    created_at: nowIso(),
    regressed_at: null,
  };
  const created = await trx
    .insertInto('groups')
    .values(row)
    .onConflict((conflict) => conflict.columns(['project_id', 'signature']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) {
    // Another worker created the same signature's group first: use theirs.
    return trx
      .selectFrom('groups')
      .selectAll()
      .where('project_id', '=', input.projectId)
      .where('signature', '=', signature)
      .executeTakeFirstOrThrow();
  }
  if ('bands' in key && key.bands.length > 0) {
    await trx
      .insertInto('group_bands')
      .values(
        key.bands.map((band) => ({
          project_id: input.projectId,
          label: input.label,
          band,
          group_id: row.id,
        })),
      )
      .execute();
  }
  return row;
}

/** True for a crash fingerprint of any version (`crash:`, `crash2:`, `crash3:`), false for `text:` keys. */
function isCrashSignature(signature: string): boolean {
  return /^crash\d*:/.test(signature);
}

/** The earlier of two store timestamps (ISO text sorts in time order). */
function earlier(a: string, b: string): string {
  return a.localeCompare(b) <= 0 ? a : b;
}
