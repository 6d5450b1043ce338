/**
 * One service per data folder: `sightline serve` on an embedded SQLite store holds
 * `<data>/serve.lock` (the holder's pid) while it runs. A second start on the same folder refuses
 * with the holder's pid; a lock left by a process that no longer runs (killed) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';

/** The lock file's name in the data folder. */
export const LOCK_FILE = 'serve.lock';

/** A held lock. */
export interface DataLock {
  file: string;
  /** Removes the lock file if this process still holds it. */
  release(): void;
}

/**
 * Takes the data folder's lock for this process.
 * @throws SightlineError `INVALID_ARGUMENT` when a running process holds it;
 *   `STORE_PATH_INVALID` when the lock file cannot be written (folder not writable).
 */
export function acquireDataLock(dataDir: string): DataLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return {
        file,
        release() {
          if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(dataDir, error);
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Another sightline serve (pid ${holder}) is using the data folder ${dataDir}. Stop it first, or give this one its own folder with --data.`,
      });
    }
    // The holder is gone (killed without cleaning up) or the file is unreadable: take it over.
    fs.rmSync(file, { force: true });
  }
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `Another process keeps taking the lock ${file}. Stop the other sightline serve, or use --data.`,
  });
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data folder cannot be created or written. */
export function notWritable(dataDir: string, error: unknown): SightlineError {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  return new SightlineError({
    code: 'STORE_PATH_INVALID',
    message: `Cannot write to the data folder ${dataDir} (${reason}). Fix its permissions or pick another with --data.`,
    cause: error,
  });
}
