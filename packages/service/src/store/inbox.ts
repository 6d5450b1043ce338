/**
 * The inbox query: groups filtered by project, label, status, assignee, priority, source, release,
 * platform and words (in the title or any report's text), sorted, paged.
 */
import { createHash } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { type Kysely, sql } from 'kysely';
import type { InboxSort } from '../vocabulary.js';
import { toGroup } from './group-record.js';
import { escapeLike, groupTitleMatches } from './group-title-search.js';
import { reportPlatform, reportRelease } from './inbox-rows.js';
import type { GroupRecord, SavedViewFilters } from './records.js';
import { reportTextMatches } from './report-search.js';
import type { Database, GroupRow } from './schema.js';

/** Filters (those a saved view keeps) and paging of {@link queryInbox}. */
export interface InboxQuery extends SavedViewFilters {
  /** Order. Default `newest`. */
  sort?: InboxSort;
  /** Page size. Default 50, at most 200. */
  limit?: number;
  /**
   * The `nextCursor` of the previous page, unchanged and with the same sort.
   * @throws SightlineError `INVALID_ARGUMENT` (from {@link queryInbox}) for anything else.
   */
  cursor?: string;
}

/** One page of the inbox. */
export interface InboxPage {
  groups: GroupRecord[];
  /**
   * Groups matching the filters, all pages: counted for the first page, then kept by the cursor
   * (which holds a hash of the filters: given other filters, it is counted again).
   */
  total: number;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

/** Largest page. */
export const MAX_INBOX_PAGE = 200;

/**
 * Column and direction of each sort. Ties (the reports of one POST share their arrival time, many
 * groups have one report) go by title, A to Z, then by id in the sort's direction: the same data
 * lists in the same order on every run, whatever the random ids.
 */
const ORDER = {
  newest: { column: 'last_seen', direction: 'desc' },
  oldest: { column: 'first_seen', direction: 'asc' },
  most_reports: { column: 'count', direction: 'desc' },
} as const satisfies Record<InboxSort, { column: keyof GroupRow; direction: 'asc' | 'desc' }>;

/**
 * Lists groups in the query's order (`newest`: last seen first; `oldest`: first seen first;
 * `most_reports`: largest count first; ties by title, then id), with keyset paging.
 *
 * @param dialect - Text search is `like` on SQLite (case-insensitive for ASCII) and `ilike` on Postgres.
 */
export async function queryInbox(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  query: InboxQuery,
): Promise<InboxPage> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), MAX_INBOX_PAGE);
  const sort = query.sort ?? 'newest';
  const { column, direction } = ORDER[sort];
  let filtered = db.selectFrom('groups').where('merged_into', 'is', null);
  if (query.project) filtered = filtered.where('project_id', '=', query.project);
  if (query.label) filtered = filtered.where('label', '=', query.label);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  for (const name of ['assignee', 'priority'] as const) {
    const value = query[name];
    if (value === 'none') filtered = filtered.where(name, 'is', null);
    else if (value) filtered = filtered.where(name, '=', value);
  }
  const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  if (query.source) {
    filtered = filtered.where(
      sql<boolean>`${sql.ref('source_kinds')} ${like} ${`%${escapeLike(query.source)}%`} escape '\\'`,
    );
  }
  // A report of the group carries the release / platform: probed per group (the report index on
  // group_id), so the cost grows with the groups walked, as the other filters'.
  const release = query.release?.trim();
  if (release) {
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('reports')
          .select(sql.lit(1).as('one'))
          .whereRef('reports.group_id', '=', 'groups.id')
          .where(sql<string>`trim(${reportRelease(dialect)})`, '=', release),
      ),
    );
  }
  const platform = query.platform?.trim().toLowerCase();
  if (platform) {
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('reports')
          .select(sql.lit(1).as('one'))
          .whereRef('reports.group_id', '=', 'groups.id')
          .where(sql<string>`lower(trim(${reportPlatform(dialect)}))`, '=', platform),
      ),
    );
  }
  const words = (query.q ?? '').split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const inText = reportTextMatches(dialect, words.join(' '));
    filtered = filtered.where((eb) =>
      eb.or([
        groupTitleMatches(dialect, words),
        ...(inText
          ? [
              eb(
                // `+` on SQLite: probe the matches while walking the sort index (see groupTitleMatches).
                dialect === 'sqlite' ? sql<string>`+${sql.ref('groups.id')}` : sql.ref('groups.id'),
                'in',
                eb
                  .selectFrom('reports')
                  .select('reports.group_id')
                  .where('reports.group_id', 'is not', null)
                  .where(inText)
                  .$narrowType<{ group_id: string }>(),
              ),
            ]
          : []),
      ]),
    );
  }
  let page = filtered
    .selectAll()
    .orderBy(column, direction)
    .orderBy('title', 'asc')
    .orderBy('id', direction)
    .limit(limit + 1);
  const filters = filtersOf(query);
  const after = decodeCursor(query.cursor, sort, filters);
  if (after) {
    const beyond = direction === 'desc' ? '<' : '>';
    page = page.where((where) =>
      where.or([
        where(column, beyond, after.key),
        where.and([where(column, '=', after.key), where('title', '>', after.title)]),
        where.and([
          where(column, '=', after.key),
          where('title', '=', after.title),
          where('id', beyond, after.id),
        ]),
      ]),
    );
  }
  // The total is counted once per listing (its first page) and carried in the cursor: counting
  // every match again for each further page costs more than the page itself at 100,000 groups.
  const [rows, total] = await Promise.all([
    page.execute(),
    after?.total ??
      filtered
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((count) => Number(count.n)),
  ]);
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    groups: kept.map(toGroup),
    total,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(sort, last[column], last.title, last.id, total, filters)
        : null,
  };
}

/**
 * The filters a listing's total was counted for, as a short hash (SHA-256, 16 hex characters):
 * a cursor keeps its total only for the same filters.
 */
function filtersOf(query: InboxQuery): string {
  const { project, label, status, source, q, assignee, priority, release, platform } = query;
  return createHash('sha256')
    .update(
      JSON.stringify([project, label, status, source, q, assignee, priority, release, platform]),
    )
    .digest('hex')
    .slice(0, 16);
}

function encodeCursor(
  sort: InboxSort,
  key: string | number,
  title: string,
  id: string,
  total: number,
  filters: string,
): string {
  return Buffer.from(JSON.stringify([sort, key, title, id, total, filters])).toString('base64url');
}

/** What a client paging on a cursor it cannot use is told to do. */
const FIRST_PAGE_AGAIN =
  'Pass the nextCursor of the previous page unchanged, with the same sort, or leave cursor out to start from the first page.';

/**
 * The cursor's position and the listing's total (dropped, so counted again, when the cursor was
 * made for other filters).
 * @throws SightlineError `INVALID_ARGUMENT` when the cursor is not one this function wrote, or was
 *   written for another sort: starting over instead would send a client paging on it round in a
 *   loop, and another sort's position would skip groups.
 */
function decodeCursor(
  cursor: string | undefined,
  sort: InboxSort,
  filters: string,
): { key: string | number; title: string; id: string; total?: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    fields = undefined;
  }
  const [madeFor, key, title, id, total, countedFor] = Array.isArray(fields) ? fields : [];
  if (
    typeof madeFor !== 'string' ||
    typeof title !== 'string' ||
    typeof id !== 'string' ||
    (typeof key !== 'string' && typeof key !== 'number') ||
    // The position is a count for most_reports and a time otherwise: another kind would be
    // compared across types (a 500 on Postgres, a wrong page on SQLite).
    (madeFor === 'most_reports') !== (typeof key === 'number')
  ) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `cursor: not a cursor of the inbox. ${FIRST_PAGE_AGAIN}`,
    });
  }
  if (madeFor !== sort) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `cursor: made for sort=${madeFor.slice(0, 20)}, not sort=${sort}. ${FIRST_PAGE_AGAIN}`,
    });
  }
  const kept = Number.isInteger(total) && countedFor === filters;
  return { key, title, id, ...(kept ? { total: total as number } : {}) };
}
