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

/** The nearest of `dir` and its parents that exists and is not a folder, if any. */
function fileInTheWay(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    // Under a file, stat answers ENOTDIR: keep walking up to that file.
    const info = (() => {
      try {
        return fs.statSync(current);
      } catch {
        return undefined;
      }
    })();
    if (info) return info.isDirectory() ? undefined : current;
    if (path.dirname(current) === current) return undefined;
  }
}

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * The data folder cannot be created or written: says whether a file stands where the folder (or
 * one of its parents) should be, or permissions refuse it, or what else the system answered.
 * @param dataDir - the data folder (absolute).
 * @param error - what `mkdir`, `access` or the lock file's write threw.
 * @returns a `STORE_PATH_INVALID` error (exit 2 in the CLI) with `details.reason`, the errno code.
 */
export function notWritable(dataDir: string, error: unknown): SightlineError {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  const file = fileInTheWay(dataDir);
  const message = file
    ? file === dataDir
      ? `The data folder ${dataDir} is a file, not a folder. Pick a folder with --data (it is created if missing).`
      : `The data folder ${dataDir} cannot be created: ${file} is a file, not a folder. Pick a folder with --data (it is created if missing).`
    : PERMISSION_CODES.has(reason)
      ? `Cannot write to the data folder ${dataDir} (${reason}: permission denied). Fix its permissions or pick another with --data.`
      : `Cannot create or write the data folder ${dataDir} (${reason}). Pick another with --data.`;
  return new SightlineError({
    code: 'STORE_PATH_INVALID',
    message,
    details: { dataDir, reason },
    cause: error,
  });
}
