/**
 * Stands in for better-sqlite3 in the bundle (tsup.config.ts aliases it here): its native binding
 * cannot travel in a platform-neutral package, so the commands that open a SQLite store (`serve`,
 * `worker`, `sources`, `ingest --database <file>`) say what to use instead. Postgres
 * (`--database postgres://…`) works: its client is plain JavaScript.
 */
import { SightlineError } from '@sightline/core';

/** better-sqlite3's `Database`, refusing to open. */
export default class Database {
  /** @throws SightlineError `STORE_UNAVAILABLE`, always. */
  constructor() {
    throw new SightlineError({
      code: 'STORE_UNAVAILABLE',
      message:
        'sightline-action carries no SQLite store (a native binding): for serve, worker and sources install the CLI (npm install -g <sightline-cli tarball>), or give --database postgres://….',
    });
  }
}
