/**
 * Attaching a report to its group: by a provider identity another report of the group carried,
 * else by its crash fingerprint, else by near-duplicate text, else a group of its own (see
 * `GroupKey`); the group's count, first and last seen, releases and regression follow.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SECRET_RULES_VERSION } from '../adapters/investigator.js';
import type { ReportLabel } from '../vocabulary.js';
import { followMerges } from './group-merges.js';
import { groupRow, isCrashSignature, toGroup } from './group-record.js';
import { keepRelease, regressesResolved } from './group-releases.js';
import type { GroupRecord, ReportAnalysis } from './records.js';
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
  /**
   * The payload the analysis was made of, as the store keeps it (`payloadText`): the report is
   * attached (or regrouped) only while it still holds it. An edit stored after the report was
   * read is analysed by its own job instead (fresh-user trial 24: an edit that came before the
   * original was grouped was stored, then the original's analysis was kept and the edit's job
   * found the report grouped). Default: attached whatever it holds.
   */
  payload?: string;
}

/** What attaching one report did. */
export interface AttachResult {
  group: GroupRecord;
  /** False when the report already was in its group (a retried job counts it once). */
  attached: boolean;
  /** True when this report marked a resolved group `regressed`. */
  regressed: boolean;
}

/** How {@link attachOne} attaches a report that was grouped before (an edited report leaving its group). */
export interface RegroupingOptions {
  /** The group the report leaves: never joined, also when a match was merged into it. */
  leaving: string;
}

/**
 * Attaches one report not grouped yet (see `GroupStore.attach`), inside the batch's transaction.
 * With `regrouping`, the report is one that left a group after an edit: it never goes back to
 * that group, and it regresses no resolved group it joins (it is no new report).
 */
export async function attachOne(
  trx: Transaction<Database>,
  input: AttachReport,
  regrouping?: RegroupingOptions,
): Promise<AttachResult> {
  const found = (await findByIdentity(trx, input)) ?? (await findGroup(trx, input));
  let row = found ? await groupRow(trx, found) : undefined;
  if (row?.merged_into) row = await groupRow(trx, await followMerges(trx, row.merged_into));
  if (!row || row.id === regrouping?.leaving) row = await createGroup(trx, input);
  await keepIdentities(trx, input, row.id);
  const group = await adoptTrace(trx, input, row);
  const kinds = new Set(group.source_kinds.split(',').filter(Boolean)).add(input.sourceKind);
  const release = input.release?.trim() || undefined;
  // A new report of a resolved problem, from a later release: it is back.
  const regressed =
    !regrouping &&
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
      ...(analysis ? analysisColumns(analysis) : {}),
    })
    .where('id', '=', input.reportId)
    .execute();
  return {
    group: toGroup({ ...group, ...changes }),
    attached: true,
    regressed,
  };
}

/** A report's columns that keep its analysis (gated under today's secret rules). */
export function analysisColumns(analysis: ReportAnalysis) {
  return {
    parsed: JSON.stringify(analysis.report),
    secret_rules: SECRET_RULES_VERSION,
    label: analysis.classification.label,
    classification: JSON.stringify(analysis.classification),
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

/**
 * The group the report's key finds (its crash fingerprint, else its near-duplicate text), other
 * than group `exclude`; undefined: none.
 */
export async function findGroup(
  trx: Transaction<Database>,
  input: AttachReport,
  exclude?: string,
): Promise<string | undefined> {
  const { key } = input;
  if ('signature' in key) return findBySignature(trx, input.projectId, key, exclude);
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
    if (!candidate.minhash || candidate.id === exclude) continue;
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
  exclude?: string,
): Promise<string | undefined> {
  const signatures = [key.signature, ...(key.legacySignatures ?? [])];
  const rows = (
    await trx
      .selectFrom('groups')
      .select(['id', 'signature', 'first_seen'])
      .where('project_id', '=', projectId)
      .where('signature', 'in', signatures)
      .execute()
  ).filter((row) => row.id !== exclude);
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
  await keepBands(trx, input, row.id);
  return row;
}

/** Files a text group under the LSH band keys of the report's text (none for other keys). */
export async function keepBands(trx: Transaction<Database>, input: AttachReport, groupId: string) {
  const { key } = input;
  if (!('bands' in key) || key.bands.length === 0) return;
  await trx
    .insertInto('group_bands')
    .values(
      key.bands.map((band) => ({
        project_id: input.projectId,
        label: input.label,
        band,
        group_id: groupId,
      })),
    )
    .execute();
}

/** The earlier of two store timestamps (ISO text sorts in time order). */
function earlier(a: string, b: string): string {
  return a.localeCompare(b) <= 0 ? a : b;
}
