/**
 * Releases seen per group: each release (or app version) a group's reports came from, with its
 * first and last report time and a count, and the release a group was resolved in. A resolved
 * group is `regressed` only by a report from a release after that one (Sentry's "regressed in a
 * newer release" rule): a report from the release that still has the bug is expected, not news.
 */
import { compareVersions } from '@sightline/codebase';
import type { Kysely, Transaction } from 'kysely';
import semver from 'semver';
import type { GroupReleaseRecord } from './records.js';
import type { Database } from './schema.js';

/**
 * A release string that reads as a version (`1.4`, `v2.0.1`, `shop@3.2.0+45`): a digit, a dot, a
 * digit, which is what `/\d+(?:\.\d+)+/` tests for, without its quadratic retries on long digit runs.
 */
const VERSION_LIKE = /\d\.\d/;

/** A release written as a semantic version, the `package@` and `v` prefixes allowed; 1-3 core parts. */
const SEMVER_LIKE = /^(?:[^@]*@)?v?(\d+(?:\.\d+){0,2})(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** `release` as a semantic version (`2.3` read as `2.3.0`), or null when it is not written as one. */
function asSemver(release: string): semver.SemVer | null {
  const match = SEMVER_LIKE.exec(release.trim());
  if (!match) return null;
  const core = match[1]?.split('.') ?? [];
  while (core.length < 3) core.push('0');
  return semver.parse(`${core.join('.')}${match[2] ?? ''}`);
}

/**
 * Orders two releases that read as versions, one total order for any mix of forms: by their
 * numeric parts (missing parts count as 0, so `2.3` equals `2.3.0`; a fourth part counts, so
 * `1.0.0.5` is after `1.0.0`), then a semantic-version prerelease before its release, and
 * prereleases of one version by semver precedence (the `semver` package: `2.0.0-beta.3` before
 * `2.0.0-rc.1` before `2.0.0`). Build metadata (`+45`) has no precedence, as in semver. For two
 * semantic versions this is semver's own order; being one order for every pair, it sorts a mix of
 * semantic versions and other version-like releases (`1.0.0.5`, `2.0 (45)`) consistently.
 * @returns negative, 0 or positive, like a sort comparator.
 */
export function compareReleases(a: string, b: string): number {
  const byParts = compareVersions(a, b);
  if (byParts !== 0) return byParts;
  const left = asSemver(a);
  const right = asSemver(b);
  const leftPre = (left?.prerelease.length ?? 0) > 0;
  const rightPre = (right?.prerelease.length ?? 0) > 0;
  if (leftPre !== rightPre) return leftPre ? -1 : 1;
  return left && right && leftPre ? semver.compare(left, right) : 0;
}

/** Keeps that a report of `groupId` came from `release`, received at `seenAt` (ISO time). */
export async function keepRelease(
  trx: Transaction<Database>,
  groupId: string,
  release: string,
  seenAt: string,
): Promise<void> {
  const row = await trx
    .selectFrom('group_releases')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('release', '=', release)
    .executeTakeFirst();
  if (!row) {
    await trx
      .insertInto('group_releases')
      .values({ group_id: groupId, release, first_seen: seenAt, last_seen: seenAt, count: 1 })
      .execute();
    return;
  }
  await trx
    .updateTable('group_releases')
    .set({
      count: row.count + 1,
      first_seen: seenAt < row.first_seen ? seenAt : row.first_seen,
      last_seen: seenAt > row.last_seen ? seenAt : row.last_seen,
    })
    .where('group_id', '=', groupId)
    .where('release', '=', release)
    .execute();
}

/**
 * The releases a group's reports came from, newest first: by version when every release reads as
 * one, else by when each was first seen.
 */
export async function groupReleases(
  db: Kysely<Database> | Transaction<Database>,
  groupId: string,
): Promise<GroupReleaseRecord[]> {
  const rows = await db
    .selectFrom('group_releases')
    .selectAll()
    .where('group_id', '=', groupId)
    .execute();
  const byVersion = rows.every((row) => VERSION_LIKE.test(row.release));
  return rows
    .map((row) => ({
      release: row.release,
      firstSeen: row.first_seen,
      lastSeen: row.last_seen,
      count: Number(row.count),
    }))
    .sort((a, b) =>
      byVersion
        ? compareReleases(b.release, a.release) || (a.release < b.release ? 1 : -1)
        : b.firstSeen.localeCompare(a.firstSeen),
    );
}

/** What a resolved group knows of its resolution. */
export interface Resolution {
  /** The newest release seen when it was resolved; null: none known. */
  release: string | null;
  /** When it was resolved (ISO); null: unknown (resolved before releases were kept). */
  at: string | null;
}

/**
 * Whether a report from `release` reopens a group resolved as `resolution`: a later version than
 * the resolved one (`compareReleases`: a release after its own prerelease is later); for releases that do not both read as versions (build ids, commit ids), one
 * the group had not seen before it was resolved. A report without a release, or a group resolved
 * with no release known, regresses it (the report arrived after the resolution).
 * @param firstSeen when the group first saw `release` before this report; undefined: never.
 */
export function regressesResolved(
  release: string | undefined,
  resolution: Resolution,
  firstSeen: string | undefined,
): boolean {
  if (!release || !resolution.release) return true;
  if (VERSION_LIKE.test(release) && VERSION_LIKE.test(resolution.release)) {
    return compareReleases(release, resolution.release) > 0;
  }
  if (release === resolution.release) return false;
  return firstSeen === undefined || (resolution.at !== null && firstSeen > resolution.at);
}
