/** The inbox query: groups filtered by project, label, status, source and text, newest first, paged. */
import { type Kysely, sql } from 'kysely';
import type { Database, GroupRow, GroupStatus } from './schema.js';

/** Filters and paging of {@link queryInbox}. */
export interface InboxQuery {
  project?: string;
  label?: string;
  status?: GroupStatus;
  /** Source kind (`files`, `sentry`, …): groups with at least one report from it. */
  source?: string;
  /** Words the group's title contains (case-insensitive). */
  q?: string;
  /** Page size. Default 50, at most 200. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** One page of the inbox. */
export interface InboxPage {
  groups: GroupRow[];
  /** Groups matching the filters, all pages. */
  total: number;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

/** Largest page. */
export const MAX_INBOX_PAGE = 200;

/**
 * Lists groups, most recently seen first (ties by id), with keyset paging.
 *
 * @param dialect - Text search is `like` on SQLite (case-insensitive for ASCII) and `ilike` on Postgres.
 */
export async function queryInbox(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  query: InboxQuery,
): Promise<InboxPage> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), MAX_INBOX_PAGE);
  let filtered = db.selectFrom('groups');
  if (query.project) filtered = filtered.where('project_id', '=', query.project);
  if (query.label) filtered = filtered.where('label', '=', query.label);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  const contains = (column: 'source_kinds' | 'title', text: string) =>
    sql<boolean>`${sql.ref(column)} ${like} ${`%${escapeLike(text)}%`} escape '\\'`;
  if (query.source) filtered = filtered.where(contains('source_kinds', query.source));
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    filtered = filtered.where(contains('title', word));
  }
  let page = filtered
    .selectAll()
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  const after = decodeCursor(query.cursor);
  if (after) {
    page = page.where((where) =>
      where.or([
        where('last_seen', '<', after.lastSeen),
        where.and([where('last_seen', '=', after.lastSeen), where('id', '<', after.id)]),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const groups = rows.slice(0, limit);
  const last = groups.at(-1);
  return {
    groups,
    total: Number(count.n),
    nextCursor: rows.length > limit && last ? encodeCursor(last.last_seen, last.id) : null,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function encodeCursor(lastSeen: string, id: string): string {
  return Buffer.from(JSON.stringify([lastSeen, id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { lastSeen: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [lastSeen, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof lastSeen === 'string' && typeof id === 'string') return { lastSeen, id };
  } catch {
    // An unreadable cursor starts from the first page, like none.
  }
  return undefined;
}
