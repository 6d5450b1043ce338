/**
 * Database passwords given on a command line: a MySQL or MariaDB client's `-p<password>` and
 * `--password=<password>` (MySQL manual, "Command Options for Connecting to the Server": the short
 * form takes its value only attached, `-p` alone or `--password` alone prompts for it), a
 * PostgreSQL client's connection string `password=<password>` (libpq "Parameter Key Words"), and
 * the environment variables both read a password from, `PGPASSWORD=…` (libpq "Environment
 * Variables") and `MYSQL_PWD=…`. No scanner Sightline uses has these: gitleaks and secretlint look
 * for tokens and connection URLs, not for a client's options.
 */

import { passwordVariables, programOptions, VALUE } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

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

/** A database password on a command line or in the environment variable its client reads. */
export const DATABASE_PASSWORD_RULE: SecretRule = {
  what: 'a database password on a command line',
  *find(text) {
    yield* programOptions(text, MYSQL_PROGRAM, MYSQL_PASSWORD);
    yield* programOptions(text, POSTGRES_PROGRAM, CONNINFO_PASSWORD);
    // The environment variables the clients read a password from, set (`PGPASSWORD=… psql`).
    yield* passwordVariables(text, 'PGPASSWORD|MYSQL_PWD');
  },
};
