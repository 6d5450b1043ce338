/**
 * The data folder (store, API token, source credentials, lock): made when a service starts, and
 * checked beforehand by a caller with slow work to do first (`serve --demo` downloads its
 * package), so that a folder the service would refuse is refused before that work, not after.
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstMissingFolder, makeFolders } from '@sightline/codebase';
import { ensureApiToken, isLoopback } from '../http/api-token.js';
import { acquireDataLock, notWritable } from './data-lock.js';

/**
 * Makes the data folder (missing parents too, mode 0700) and checks this process can write it.
 * @param dataDir - the data folder (absolute).
 * @throws SightlineError `STORE_PATH_INVALID` (see `notWritable`).
 */
export function makeDataFolder(dataDir: string): void {
  try {
    makeFolders(dataDir, 0o700);
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    throw notWritable(dataDir, error);
  }
}

/** Options of {@link checkDataFolder}. */
export interface CheckDataFolderOptions {
  /** The address the service will bind. Default 127.0.0.1. */
  host?: string;
  /** The environment (`SIGHTLINE_API_TOKEN`). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Checks that a service could start on the data folder, as `startService` checks it, and leaves
 * it as it was: what it created is removed (a stale lock of a process that no longer runs is
 * removed too, as a start would take it over).
 * @param dataDir - the data folder, absolute or relative to the working directory.
 * @throws SightlineError `STORE_PATH_INVALID` when it cannot be made or written;
 *   `INVALID_ARGUMENT` when another running service holds it, or when `host` is not loopback and
 *   there is no API token (neither in the folder nor in `SIGHTLINE_API_TOKEN`).
 */
export function checkDataFolder(
  dataDir: string,
  { host = '127.0.0.1', env = process.env }: CheckDataFolderOptions = {},
): void {
  const dir = path.resolve(dataDir);
  const created = firstMissingFolder(dir);
  try {
    makeDataFolder(dir);
    acquireDataLock(dir).release();
    // Beyond loopback this only reads: it returns the token there is, or refuses.
    if (!isLoopback(host)) ensureApiToken(dir, host, env);
  } finally {
    // Making it may have failed before `created` existed (under a file, rmSync throws ENOTDIR).
    if (created && fs.existsSync(created)) fs.rmSync(created, { recursive: true, force: true });
  }
}
