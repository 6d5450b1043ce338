/**
 * Database passwords given on a command line: a MySQL or MariaDB client's `-p<password>` and
 * `--password=<password>` (MySQL manual, "Command Options for Connecting to the Server": the short
 * form takes its value only attached, `-p` alone or `--password` alone prompts for it), a
 * PostgreSQL client's connection string `password=<password>` (libpq "Parameter Key Words"), and
 * the environment variables both read a password from, `PGPASSWORD=…` (libpq "Environment
 * Variables") and `MYSQL_PWD=…`. No scanner Sightline uses has these: gitleaks and secretlint look
 * for tokens and connection URLs, not for a client's options.
 */

import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A value as a shell reads it: quoted (at most 256 characters, so a line of unclosed quotes is
 * read in linear time), or its first word, up to a space, a quote, a backquote or an operator.
 */
const VALUE = String.raw`("[^"\n]{0,256}"|'[^'\n]{0,256}'|["']?[^\s"'\x60&|;]+)`;

/** MySQL's and MariaDB's client programs (`mysql`, `mysqldump`, `mariadb-dump`, `mysql.exe`). */
const MYSQL_PROGRAM =
  /\b(?:mysql(?:dump|admin|import|check|show|pump|slap|binlog|sh)?|mariadb(?:-?(?:dump|admin|import|check|show|slap|binlog))?)(?:\.exe)?(?![\w.-])/g;
/**
 * Their password options with a value: `-p` with it attached (a space after `-p` makes the next
 * word a database name, and `-P` is the port), and `--password=<password>` (or the option's name
 * cut to an unambiguous prefix).
 */
const MYSQL_PASSWORD = new RegExp(
  String.raw`(?<=[\s"'])(?:-p|--pass(?:w(?:o(?:rd?)?)?)?=)${VALUE}`,
  'g',
);
/** PostgreSQL's client programs, which take a connection string (`psql "host=db password=…"`). */
const POSTGRES_PROGRAM =
  /\b(?:psql|pg_dump|pg_dumpall|pg_restore|pg_basebackup|pgbench|pg_isready)(?:\.exe)?(?![\w.-])/g;
/** A connection string's password key word and its value. */
const CONNINFO_PASSWORD = new RegExp(String.raw`(?<=[\s"'])password\s*=\s*${VALUE}`, 'g');
/** The environment variables the clients read a password from, set (`PGPASSWORD=… psql`). */
const PASSWORD_VARIABLE = new RegExp(String.raw`\b(?:PGPASSWORD|MYSQL_PWD)=${VALUE}`, 'g');

/**
 * Whether an option's value is a password: not a placeholder or an ellipsis (`PGPASSWORD=…`), not
 * a shell expansion (`$DB_PASSWORD`, `$(cat ~/.pw)`), not a port mapping (`docker run --name
 * mysql -p3306:3306`).
 */
function isPassword(raw: string): boolean {
  const value = raw.replace(/^["']|["']$/g, '');
  if (PLACEHOLDER.test(value) || /^(?:…|\.{3})$/.test(value)) return false;
  return !value.startsWith('$') && !/^\d+(?::\d+)+$/.test(value);
}

/** Farthest an option is looked for after its program, in characters (a minified line is long). */
const COMMAND_CHARS = 512;

/**
 * The matches of `option` after a match of `program`, on its line and at most
 * {@link COMMAND_CHARS} on; a program inside the part read already only extends it.
 */
function* programOptions(
  text: string,
  program: RegExp,
  option: RegExp,
): Generator<[number, number]> {
  let readTo = -1;
  let lineEnd = -1;
  for (const found of text.matchAll(program)) {
    const start = found.index + found[0].length;
    const from = Math.max(start, readTo);
    if (from > lineEnd) {
      lineEnd = text.indexOf('\n', from);
      if (lineEnd === -1) lineEnd = text.length;
    }
    const to = Math.min(start + COMMAND_CHARS, lineEnd);
    if (to <= from) continue;
    readTo = to;
    for (const value of text.slice(from, to).matchAll(option)) {
      if (isPassword(value[1] ?? ''))
        yield [from + value.index, from + value.index + value[0].length];
    }
  }
}

/** A database password on a command line or in the environment variable its client reads. */
export const DATABASE_PASSWORD_RULE: SecretRule = {
  what: 'a database password on a command line',
  *find(text) {
    yield* programOptions(text, MYSQL_PROGRAM, MYSQL_PASSWORD);
    yield* programOptions(text, POSTGRES_PROGRAM, CONNINFO_PASSWORD);
    for (const found of text.matchAll(PASSWORD_VARIABLE)) {
      if (isPassword(found[1] ?? '')) yield [found.index, found.index + found[0].length];
    }
  },
};
