/**
 * Opens the store's database: an embedded SQLite file (WAL mode) or a Postgres server, migrated to
 * the current schema with Kysely's Migrator.
 */

import fs from 'node:fs';
import path from 'node:path';
import { makeFolders } from '@sightline/codebase';
import { redactUrl, SightlineError } from '@sightline/core';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { refuseDrivePath } from './drive-path.js';
import { migrationProvider } from './migrations.js';
import { type Database, STORE_SCHEMA_VERSION } from './schema.js';
import { sqliteAccessProblem } from './sqlite-access.js';

/** Where the store lives: a SQLite file, or a Postgres connection URL. */
export type DatabaseLocation = { sqlite: string } | { postgres: string };

/** An open, migrated database. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** Closes the connections. */
  close(): Promise<void>;
}

/** A `scheme:` prefix; one letter is a Windows drive (`C:\…`), not a scheme. */
const SCHEME = /^([a-z][a-z0-9+.-]+):(\/\/)?/i;

/** Schemes other tools (SQLAlchemy, Prisma, Rails) give a SQLite file; here it is a plain path. */
const SQLITE_SCHEMES = new Set(['sqlite', 'sqlite3', 'file']);

/** Options of {@link parseDatabaseLocation}. */
export interface ParseDatabaseLocationOptions {
  /** The system the path is for: a drive path is a SQLite file only on `win32`. Default: this one. */
  platform?: NodeJS.Platform;
}

/**
 * Parses a `--database` value: `postgres://…` / `postgresql://…` is Postgres, a value without a
 * scheme a SQLite file path (`./sightline.db`, `/var/lib/sightline/sightline.db`, `:memory:`;
 * `C:\\data\\sightline.db` on Windows).
 * @param options see {@link ParseDatabaseLocationOptions}.
 * @throws SightlineError `INVALID_ARGUMENT` for another scheme (`sqlite:` and `file:` URLs too,
 *   rather than a file named after the URL), a Postgres URL that does not parse, or a Windows
 *   drive path on another system (rather than a folder named `C:` in the working folder).
 */
export function parseDatabaseLocation(
  value: string,
  { platform = process.platform }: ParseDatabaseLocationOptions = {},
): DatabaseLocation {
  const match = SCHEME.exec(value);
  const scheme = match?.[1]?.toLowerCase();
  if (match === null || scheme === undefined) {
    refuseDrivePath(value, {
      flag: '--database',
      instead:
        'the SQLite file as a path here, such as ./sightline.db or /var/lib/sightline/sightline.db',
      platform,
    });
    return { sqlite: value };
  }
  if (SQLITE_SCHEMES.has(scheme)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--database takes a SQLite file as a plain path, not a ${match[0]} URL: write --database ./sightline.db or --database /var/lib/sightline/sightline.db (start a relative file name that holds a colon with ./).`,
    });
  }
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--database takes postgres://user@host/db or a SQLite file path, not a ${match[0]} URL.`,
    });
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if (!url.hostname && !url.searchParams.get('host')) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--database ${redactUrl(value)} is not a Postgres URL: write it as postgres://user:password@host:5432/database.`,
    });
  }
  return { postgres: value };
}

/**
 * Opens and migrates the database.
 *
 * @throws SightlineError `STORE_UNAVAILABLE` when the file cannot be opened (saying so when this
 *   user may not read or write it) or Postgres cannot be reached; `STORE_VERSION_MISMATCH` when a
 *   newer Sightline wrote it.
 */
export async function openDatabase(location: DatabaseLocation): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  try {
    opened = 'sqlite' in location ? openSqlite(location.sqlite) : openPostgres(location.postgres);
  } catch (error) {
    throw storeUnavailable(location, error);
  }
  try {
    await migrate(opened.db, opened.dialect);
    // SQLite plans by the statistics ANALYZE keeps; without them it reads the stale-rules check
    // (store/secret-rules-column.ts) by primary key, every row. SQLite's advice for a connection
    // that opens a database: `PRAGMA optimize=0x10002` (sqlite.org/pragma.html#pragma_optimize),
    // which gathers the statistics that are missing or stale, cheaply. Postgres keeps its own.
    if (opened.dialect === 'sqlite') await sql`pragma optimize=0x10002`.execute(opened.db);
  } catch (error) {
    await opened.close();
    throw storeUnavailable(location, error);
  }
  return opened;
}

/**
 * The error of a store that cannot be opened: a SightlineError as it is, else `STORE_UNAVAILABLE`
 * naming the store (its URL without a password), with what to do.
 */
function storeUnavailable(location: DatabaseLocation, error: unknown): SightlineError {
  if (SightlineError.isInstance(error)) return error;
  const access = 'sqlite' in location ? sqliteAccessProblem(error, location.sqlite) : undefined;
  const where = 'sqlite' in location ? location.sqlite : redactUrl(location.postgres);
  return new SightlineError({
    code: 'STORE_UNAVAILABLE',
    message:
      access ??
      `Cannot open the store at ${where}: ${error instanceof Error ? error.message : String(error)}. Check the path or URL and that the database is running.`,
    cause: error,
  });
}

/** How better-sqlite3 fails when its native binding is missing or built for another Node. */
const MISSING_BINDING = /Could not locate the bindings file|NODE_MODULE_VERSION|invalid ELF header/;

/**
 * Opens the SQLite file.
 * @throws SightlineError `STORE_UNAVAILABLE` when better-sqlite3's native binding is missing (its
 *   install script did not run: `npm install --ignore-scripts`, or an npm that skips scripts) or
 *   was built for another Node version, saying how to build it.
 */
function openSqliteFile(file: string): SQLite.Database {
  try {
    return new SQLite(file);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!MISSING_BINDING.test(message)) throw error;
    throw new SightlineError({
      code: 'STORE_UNAVAILABLE',
      message: `The SQLite store cannot open: better-sqlite3's native binding was not built for this Node ${process.version} (its install script did not run, or ran for another Node). Reinstall with install scripts allowed for it (npm install -g --allow-scripts=better-sqlite3 <sightline-cli tarball>), or run \`npm rebuild better-sqlite3\` in the folder Sightline is installed in; or use Postgres (--database postgres://…).`,
      cause: error,
    });
  }
}

/** Mode of a new SQLite store file: it holds every report as sent, secrets users pasted too. */
const STORE_FILE_MODE = 0o600;

/**
 * Creates the SQLite file, empty (SQLite takes an empty file as an empty database), readable and
 * writable by its owner only ({@link STORE_FILE_MODE}, as the API token and the credentials):
 * SQLite gives its `-wal` and `-shm` files the database file's mode. A file that exists keeps
 * its mode: whoever set it meant it.
 */
function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', STORE_FILE_MODE));
  } catch {
    // There already (EEXIST), or a folder that cannot be written: SQLite opens the one, and says
    // what is wrong with the other as it opens it (STORE_UNAVAILABLE).
  }
}

function openSqlite(file: string): OpenDatabase {
  if (file !== ':memory:' && file !== '') {
    makeFolders(path.dirname(path.resolve(file)));
    createPrivateFile(file);
  }
  const database = openSqliteFile(file);
  try {
    // WAL mode is written into the file: the first write, where a store this user may only read
    // fails (SQLITE_READONLY).
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    // 64 MiB of page cache (the default is 2 MiB) and reads through mmap: the pipeline's indexes
    // stay in memory instead of being read back page by page on every job.
    database.pragma('cache_size = -65536');
    database.pragma('mmap_size = 268435456');
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(database) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Statements kept per SQL text; past this many the cache starts over. */
const STATEMENT_CACHE = 500;

/**
 * The database with prepared statements reused by SQL text: Kysely's SQLite driver prepares every
 * query anew, and preparing costs as much as running the small queries of the pipeline.
 */
function reusingStatements(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string): OpenDatabase {
  // A server that does not answer fails the start after 10 s instead of hanging it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function migrate(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    // A server that cannot be reached fails here too: openDatabase says where, and what to check.
    throw new Error(
      `${failed ? `migration ${failed} failed: ` : ''}${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const row = await db
    .selectFrom('sightline_meta')
    .select('value')
    .where('key', '=', 'schema_version')
    .executeTakeFirst();
  if (row && Number(row.value) > STORE_SCHEMA_VERSION) {
    throw new SightlineError({
      code: 'STORE_VERSION_MISMATCH',
      message: `The store was written by a newer Sightline (schema ${row.value}, this one reads ${STORE_SCHEMA_VERSION}). Upgrade Sightline.`,
    });
  }
  if (!row || Number(row.value) < STORE_SCHEMA_VERSION) {
    await db
      .insertInto('sightline_meta')
      .values({ key: 'schema_version', value: String(STORE_SCHEMA_VERSION) })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: String(STORE_SCHEMA_VERSION) }),
      )
      .execute();
  }
}

/**
 * Where a store lives, for a startup line: `SQLite at /abs/path.db`, `SQLite in memory`, or
 * `Postgres at postgres://user:***@host/db` (its secrets redacted, `redactUrl` of @sightline/core).
 * @param location the parsed `--database` value, or the default SQLite file.
 * @returns the description.
 */
export function describeDatabaseLocation(location: DatabaseLocation): string {
  if ('postgres' in location) return `Postgres at ${redactUrl(location.postgres)}`;
  return location.sqlite === ':memory:'
    ? 'SQLite in memory'
    : `SQLite at ${path.resolve(location.sqlite)}`;
}
