/**
 * Passwords set by SQL statements: `CREATE USER app IDENTIFIED BY '…'` and `ALTER USER …
 * IDENTIFIED BY …` (MySQL, MariaDB and Oracle; MySQL's `IDENTIFIED WITH plugin BY '…'` and Oracle's
 * unquoted `IDENTIFIED BY tiger` too), `PASSWORD '…'` of PostgreSQL's `CREATE ROLE`, `CREATE USER`
 * and `ALTER ROLE` (`WITH LOGIN ENCRYPTED PASSWORD '…'`), `PASSWORD = '…'` of SQL Server's and
 * Snowflake's `CREATE LOGIN` and `CREATE USER`, and `SET PASSWORD … = '…'`. A migration or an
 * init script holds them; no scanner Sightline uses reads SQL, and the prose rule reads only a
 * value shaped like a password (one of letters only was shown).
 */
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A SQL string literal (`'…'`, `''` inside it), an Oracle quoted identifier (`"…"`), or a bare
 * identifier (Oracle's unquoted password starts with a letter: `IDENTIFIED BY tiger`).
 */
const SQL_VALUE = String.raw`('(?:[^'\n]|''){1,256}'|"[^"\n]{1,256}"|[A-Za-z][\w$#]{0,255})`;

/**
 * `IDENTIFIED BY <value>` (group 1), past a plugin's `WITH <plugin>` and MySQL's `PASSWORD`
 * keyword before a hash (`IDENTIFIED BY PASSWORD '<hash>'`: a password's hash is withheld too).
 */
const IDENTIFIED_BY = new RegExp(
  String.raw`\bIDENTIFIED[ \t]+(?:WITH[ \t]+['"]?\w+['"]?[ \t]+)?(?:BY|AS)[ \t]+(?:PASSWORD[ \t]+)?${SQL_VALUE}`,
  'gi',
);

/** A statement that creates or changes a login: where a bare `IDENTIFIED BY word` is a password. */
const LOGIN_STATEMENT =
  /\b(?:CREATE|ALTER)[ \t]+(?:USER|ROLE|LOGIN|GROUP)\b|\bSET[ \t]+PASSWORD\b/gi;

/**
 * A password option of a login statement: `PASSWORD '…'`, `PASSWORD = '…'`, `PASSWORD('…')`
 * (MySQL's old function), quoted only (a bare word after `PASSWORD` is a keyword: `PASSWORD
 * EXPIRE`, `PASSWORD NULL`).
 */
const PASSWORD_CLAUSE =
  /\bPASSWORD(?:[ \t]*=[ \t]*|[ \t]+|[ \t]*\([ \t]*)('(?:[^'\n]|''){1,256}'|"[^"\n]{1,256}")/gi;
/** `SET PASSWORD FOR app = '…'` (MySQL): the password after the account's name (group 1). */
const SET_PASSWORD_FOR =
  /\bSET[ \t]+PASSWORD[ \t]+FOR[ \t]+[^;\n=]{1,200}=[ \t]*(?:PASSWORD[ \t]*\([ \t]*)?('(?:[^'\n]|''){1,256}')/gi;

/** Farthest a login statement's clauses are read after its keywords, in characters. */
const STATEMENT_CHARS = 512;

/** Keywords written where `IDENTIFIED BY` takes no password (Oracle's `BY VALUES '<hash>'` is one). */
const KEYWORD = /^(?:PASSWORD|VALUES|EXTERNALLY|GLOBALLY|RANDOM)$/i;

/**
 * Whether a value given in SQL is a password: not a placeholder (`''`, `'<password>'`,
 * `'changeme'`), no ellipsis, not a bind parameter or a variable (`?`, `:pw`, `$1`, `@pw`, `%s`, `{pw}`,
 * `${PW}`).
 * @param raw - the value as written, quotes and all.
 * @param quoted - whether it must be quoted (a bare word elsewhere than in a login statement is prose).
 */
function isSqlPassword(raw: string, quoted: boolean): boolean {
  const bare = /^['"]/.test(raw) ? raw.slice(1, -1) : raw;
  if (quoted && bare === raw) return false;
  // An ellipsis stands for a value left out (`IDENTIFIED BY '…'` in a comment).
  if (PLACEHOLDER.test(bare) || KEYWORD.test(bare) || /…|\.{3}/.test(bare)) return false;
  return !/^(?:[?:$@]|%[a-z(]|\{)/i.test(bare);
}

/**
 * The spans of the login statements, each from its keywords through its `;` or
 * {@link STATEMENT_CHARS} on, overlapping ones merged: in order, and disjoint, so the text is read
 * once for their clauses.
 */
function loginStatements(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const found of text.matchAll(LOGIN_STATEMENT)) {
    const semicolon = text.slice(found.index, found.index + STATEMENT_CHARS).indexOf(';');
    const end =
      semicolon === -1
        ? Math.min(found.index + STATEMENT_CHARS, text.length)
        : found.index + semicolon;
    const last = spans.at(-1);
    if (last && found.index <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([found.index, end]);
  }
  return spans;
}

/** A password set by a SQL statement; each range runs from the clause's keyword through the value. */
export const SQL_PASSWORD_RULE: SecretRule = {
  what: 'a password in a SQL statement',
  *find(text) {
    // Both kinds of clause name one of these words: one pass over a text that has neither (most).
    if (!/IDENTIFIED|PASSWORD/i.test(text)) return;
    const statements = loginStatements(text);
    // The statements and the clauses are both found in order: one walk says which clause is
    // inside a statement (not a search a clause).
    let next = 0;
    for (const found of text.matchAll(IDENTIFIED_BY)) {
      while (next < statements.length && (statements[next]?.[1] ?? 0) <= found.index) next++;
      const inside = (statements[next]?.[0] ?? Number.POSITIVE_INFINITY) <= found.index;
      if (isSqlPassword(found[1] ?? '', !inside)) {
        yield [found.index, found.index + found[0].length];
      }
    }
    for (const [start, end] of statements) {
      for (const found of text.slice(start, end).matchAll(PASSWORD_CLAUSE)) {
        if (isSqlPassword(found[1] ?? '', true)) {
          yield [start + found.index, start + found.index + found[0].length];
        }
      }
    }
    for (const found of text.matchAll(SET_PASSWORD_FOR)) {
      if (isSqlPassword(found[1] ?? '', true)) yield [found.index, found.index + found[0].length];
    }
  },
};
