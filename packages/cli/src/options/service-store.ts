/**
 * Finding the triage service's store from the command line, the way `sightline serve` lays it
 * out: `--database` (Postgres URL or SQLite file), else `<data>/sightline.db`, where the data
 * folder is `--data` or `<repo>/.sightline/serve`. Shared by `ingest` and `sources`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeFolders, makeOwnFolder, ownFolderObstacle } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import {
  type DatabaseLocation,
  defaultDataDir,
  openStore,
  type ProjectRecord,
  parseDatabaseLocation,
  resolveProject,
  type Store,
  sqliteAccessProblem,
} from '@sightline/service';
import { refuseDriveFolders } from './service-location-options.js';

/** Where the service keeps its data, as the command line names it. */
export interface ServiceLocationOptions {
  data?: string | undefined;
  repo?: string | undefined;
  database?: string | undefined;
}

/**
 * The data folder: `--data`, else `<repo>/.sightline/serve` (repo default `.`).
 * @returns its absolute path.
 * @throws SightlineError `INVALID_ARGUMENT` for a Windows drive path in `--repo` or `--data` on
 *   another system (`refuseDriveFolders`).
 */
export function serviceDataDir(options: ServiceLocationOptions): string {
  refuseDriveFolders(options);
  return path.resolve(options.data ?? defaultDataDir(path.resolve(options.repo ?? '.')));
}

/** The store's location: `--database`, else the data folder's SQLite file. */
export function serviceStoreLocation(options: ServiceLocationOptions): DatabaseLocation {
  return options.database
    ? parseDatabaseLocation(options.database)
    : { sqlite: path.join(serviceDataDir(options), 'sightline.db') };
}

/**
 * Refuses the default data folder `<repo>/.sightline/serve` when a symbolic link stands in its
 * way (a hostile repository's `.sightline → /anywhere`): the store, and the source credentials in
 * it, would be written wherever the link points; and says so when it cannot be made (this user may
 * not write in the repository), not blaming a link.
 */
async function refuseLinkedDataDir(options: ServiceLocationOptions, create: boolean) {
  if (options.data !== undefined || options.database) return;
  const repo = path.resolve(options.repo ?? '.');
  const dir = serviceDataDir(options);
  // Made (or found) as a real folder: nothing stands in the way.
  if (create && (await makeOwnFolder(repo, dir, { mode: 0o700 }))) return;
  // Without `create` a link that leads nowhere counts too: "no store, start serve" would send the
  // user to serve, which refuses the link (fresh-user trial 30).
  const obstacle = await ownFolderObstacle(repo, dir);
  if (obstacle === undefined && !create) return;
  if (obstacle === undefined) {
    // No link in the way: the folder could not be made (permissions; fresh-user trial 28).
    throw new SightlineError({
      code: 'STORE_PATH_INVALID',
      message: `The data folder ${dir} cannot be made: this user may not write in ${repo}. Pick a folder this user may write with --data, or run as a user who may write in the repository.`,
    });
  }
  throw new SightlineError({
    code: 'STORE_PATH_INVALID',
    message: `The data folder ${dir} is reached through a symbolic link or is not a folder, so it is not used: nothing is written outside the repository through a link. Remove the link, or pick a folder with --data.`,
  });
}

/** Options of {@link openServiceStore}. */
export interface OpenServiceStoreOptions {
  /** Create a missing SQLite store (with its folder) instead of refusing. Default false. */
  create?: boolean;
  /** The command also takes `--url` (a running service): a refusal names it. Default false. */
  takesUrl?: boolean;
}

/**
 * Opens the service's store.
 * @throws SightlineError `PATH_NOT_FOUND` when there is no SQLite store and `create` is false;
 *   `STORE_PATH_INVALID` when the default data folder is reached through a symbolic link or
 *   cannot be made;
 *   `STORE_UNAVAILABLE` from the store, or when this user may not reach or write its file.
 */
export async function openServiceStore(
  options: ServiceLocationOptions,
  { create = false, takesUrl = false }: OpenServiceStoreOptions = {},
): Promise<Store> {
  await refuseLinkedDataDir(options, create);
  const location = serviceStoreLocation(options);
  if ('sqlite' in location && !storeFileExists(location.sqlite)) {
    if (!create) {
      throw new SightlineError({
        code: 'PATH_NOT_FOUND',
        message: `No service store at ${location.sqlite}. Start \`sightline serve --repo …\` once, or pass ${takesUrl ? '--data, --database or --url' : '--data or --database'}.`,
      });
    }
    makeFolders(path.dirname(location.sqlite), 0o700);
  }
  return openStore(location);
}

/**
 * Whether the SQLite store's file is there.
 * @returns false when it, or a folder on its path, does not exist.
 * @throws SightlineError `STORE_UNAVAILABLE` when this user may not look (a folder on its path
 *   cannot be read): `fs.existsSync` says false there, and "no store" would be wrong.
 */
function storeFileExists(file: string): boolean {
  try {
    fs.statSync(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw new SightlineError({
      code: 'STORE_UNAVAILABLE',
      message:
        sqliteAccessProblem(error, file) ??
        `Cannot look for the store at ${file}: ${(error as Error).message}.`,
      cause: error,
    });
  }
}

/**
 * The project commands act on: `name` when given, else the store's only project.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND` for an unknown name, `INVALID_ARGUMENT` when the
 *   store holds several projects (or none) and no name was given.
 */
export async function pickProject(store: Store, name: string | undefined): Promise<ProjectRecord> {
  return resolveProject(store, name, { how: '--project', holder: 'The store' });
}
