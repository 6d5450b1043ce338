/**
 * Full-text search over reports' text: the title and body of each report's stored analysis
 * (`reports.parsed`, its first 200,000 characters), which the secret gate has already read, so
 * a line it withheld is not searchable either. The raw payload was indexed before: a token
 * holder's prefix searches answered match or no match for a withheld secret, a character at a time
 * (carried from fresh-user trial 20's review). A report is searchable once it is analysed.
 * SQLite FTS5 (a `reports_fts` table kept by triggers) and Postgres full-text search (a GIN
 * expression index). Both see the same tokens — runs of letters and digits, lower-cased, no
 * stemming — and every query word is a prefix, so `crash` finds `crashes` on either database.
 * See https://www.sqlite.org/fts5.html and
 * https://www.postgresql.org/docs/current/textsearch-tables.html .
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';

/** Characters of a report's text that are indexed. */
export const INDEXED_CHARS = 200_000;

/** The Postgres expression indexed and searched (the two must be the same text for the index). */
const POSTGRES_DOCUMENT = sql.raw(
  `to_tsvector('simple', regexp_replace(left(coalesce(parsed::jsonb->>'title', '') || ' ' || coalesce(parsed::jsonb->>'body', ''), ${INDEXED_CHARS}), '[^[:alnum:]]+', ' ', 'g'))`,
);

/** The SQLite text indexed for a row (`new` in a trigger, `reports` when filling the table). */
function sqliteDocument(row: 'new' | 'reports') {
  const field = (name: string) => `coalesce(json_extract(${row}.parsed, '$.${name}'), '')`;
  return sql.raw(`substr(${field('title')} || ' ' || ${field('body')}, 1, ${INDEXED_CHARS})`);
}

/**
 * Creates the index and fills it from the stored reports (a migration step).
 */
export async function createReportSearch(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create index reports_text_search on reports using gin (${POSTGRES_DOCUMENT})`.execute(
      db,
    );
    return;
  }
  const text = sqliteDocument;
  await sql`create virtual table reports_fts using fts5(text, tokenize = 'unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`insert into reports_fts (rowid, text) select rowid, ${text('reports')} from reports`.execute(
    db,
  );
  await sql`create trigger reports_fts_insert after insert on reports begin
    insert into reports_fts (rowid, text) values (new.rowid, ${text('new')}); end`.execute(db);
  await sql`create trigger reports_fts_update after update of parsed on reports begin
    delete from reports_fts where rowid = old.rowid;
    insert into reports_fts (rowid, text) values (new.rowid, ${text('new')}); end`.execute(db);
  await sql`create trigger reports_fts_delete after delete on reports begin
    delete from reports_fts where rowid = old.rowid; end`.execute(db);
}

/**
 * Builds the search again with the text it indexes now (a migration step, after
 * {@link createReportSearch} made it with an older expression).
 */
export async function recreateReportSearch(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop index reports_text_search`.execute(db);
  } else {
    for (const trigger of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger reports_fts_${trigger}`).execute(db);
    }
    await sql`drop table reports_fts`.execute(db);
  }
  await createReportSearch(db, dialect);
}

/** The query's tokens as the index cuts text: runs of letters and digits, lower-cased. */
export function searchTokens(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/**
 * A condition on `reports` rows: the report's text holds every token of `query` (each as a word
 * prefix). Undefined when the query has no token (only punctuation).
 */
export function reportTextMatches(
  dialect: 'sqlite' | 'postgres',
  query: string,
): Expression<SqlBool> | undefined {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return undefined;
  if (dialect === 'postgres') {
    const tsquery = tokens.map((token) => `${token}:*`).join(' & ');
    return sql<SqlBool>`${POSTGRES_DOCUMENT} @@ to_tsquery('simple', ${tsquery})`;
  }
  // Tokens hold letters and digits only, so quoting each is enough for FTS5's query syntax.
  const match = tokens.map((token) => `"${token}"*`).join(' ');
  return sql<SqlBool>`reports.rowid in (select rowid from reports_fts where reports_fts match ${match})`;
}
