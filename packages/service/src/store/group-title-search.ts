/**
 * The inbox's search in group titles, indexed. On SQLite an FTS5 table with the trigram tokenizer
 * (kept by triggers) answers "the title contains this word" from the index, case-insensitively,
 * for words of three characters or more (shorter ones are matched with `like` on its rows); on
 * Postgres the title is matched with `ilike` (no index). Both keep the inbox's meaning: every word
 * a substring of the title. See https://www.sqlite.org/fts5.html#the_trigram_tokenizer .
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';

/**
 * Creates the SQLite index of group titles and fills it from the stored groups (a migration
 * step); nothing on Postgres.
 */
export async function createGroupTitleSearch(
  db: Kysely<unknown>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`create virtual table group_titles using fts5(title, tokenize = 'trigram')`.execute(db);
  await sql`insert into group_titles (rowid, title) select rowid, title from groups`.execute(db);
  await sql`create trigger group_titles_insert after insert on groups begin
    insert into group_titles (rowid, title) values (new.rowid, new.title); end`.execute(db);
  await sql`create trigger group_titles_update after update of title on groups begin
    delete from group_titles where rowid = old.rowid;
    insert into group_titles (rowid, title) values (new.rowid, new.title); end`.execute(db);
  await sql`create trigger group_titles_delete after delete on groups begin
    delete from group_titles where rowid = old.rowid; end`.execute(db);
}

/** `text` with `like`'s wildcards escaped (use with `escape '\\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A condition on `groups` rows: the title contains every word (case-insensitive). The left-hand
 * `+` on SQLite keeps the planner walking the inbox's sort index and probing the matches (a page
 * stops after its rows) instead of sorting every match first.
 */
export function groupTitleMatches(
  dialect: 'sqlite' | 'postgres',
  words: readonly string[],
): Expression<SqlBool> {
  const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  const contains = (word: string) =>
    sql<SqlBool>`${sql.ref('title')} ${like} ${`%${escapeLike(word)}%`} escape '\\'`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`(${sql.join(words.map(contains), sql` and `)})`;
  }
  // Characters, not UTF-16 code units: the trigram index finds nothing for fewer than three.
  const indexed = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  const conditions = [
    // A trigram phrase matches wherever the text occurs; double quotes are doubled inside one.
    ...(indexed.length > 0
      ? [
          sql<SqlBool>`group_titles match ${indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ')}`,
        ]
      : []),
    ...short.map(contains),
  ];
  return sql<SqlBool>`+groups.rowid in (select rowid from group_titles where ${sql.join(conditions, sql` and `)})`;
}
