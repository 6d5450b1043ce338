/**
 * Databases for the service's tests: a fresh SQLite file always, and a fresh Postgres database
 * when `SIGHTLINE_TEST_POSTGRES_URL` is set (`.ci/run` starts one), so one suite covers both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach } from 'vitest';
import { type DatabaseLocation, openStore, type Store } from '../store/index.js';

/** A database kind the suite runs against. */
export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  /** Creates an empty database and returns where it is and how to remove it. */
  create(): Promise<{ location: DatabaseLocation; drop(): Promise<void> }>;
}

const postgresUrl = process.env.SIGHTLINE_TEST_POSTGRES_URL;

/** Logged once by suites that skip Postgres. */
export const POSTGRES_SKIP_MESSAGE =
  'SIGHTLINE_TEST_POSTGRES_URL is not set: the Postgres half of the service tests is skipped (.ci/run sets it).';

const sqlite: TestDatabaseKind = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-'));
    return {
      location: { sqlite: path.join(dir, 'sightline.db') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/** Creates a fresh database on the test server (one per test: no test sees another's rows). */
async function createPostgresDatabase(baseUrl: string) {
  const name = `sightline_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    location: { postgres: url.toString() } as DatabaseLocation,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The database kinds available here: SQLite, plus Postgres when its URL is set. */
export const TEST_DATABASES: TestDatabaseKind[] = [
  sqlite,
  ...(postgresUrl
    ? [{ name: 'postgres' as const, create: () => createPostgresDatabase(postgresUrl) }]
    : []),
];

/** The Postgres test server URL, if any. */
export const TEST_POSTGRES_URL = postgresUrl;

/**
 * A store on a fresh database of `kind` for each test, closed and dropped after it (registers a
 * vitest `afterEach`; call inside a `describe`).
 * @returns `open()`: opens the store and ensures project `app` (repository `/src/app`).
 */
export function freshStore(kind: TestDatabaseKind) {
  const state: { store?: Store; drop?: () => Promise<void> } = {};
  afterEach(async () => {
    await state.store?.close();
    await state.drop?.();
    state.store = undefined;
    state.drop = undefined;
  });
  return async function open() {
    const created = await kind.create();
    state.drop = created.drop;
    const store = await openStore(created.location);
    state.store = store;
    const project = await store.projects.ensure({ name: 'app', repo: '/src/app' });
    return { store, project };
  };
}
