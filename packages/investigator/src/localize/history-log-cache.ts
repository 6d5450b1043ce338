/**
 * The history features' two logs (history-features.ts) kept per HEAD, so that only the first
 * investigation at a revision runs `git log`:
 *
 * - in memory, per opened history (the triage service opens one per revision, so each later report
 *   there pays only the BM25 search of its own text);
 * - on disk, one JSON file per repository folder, `<dir>/<first 16 hex of the SHA-256 of the
 *   folder's real path>.json`, replaced when HEAD, the shallow cut or the commit count moves. The
 *   folder is `<cacheDir>/history-log` of the investigation, by default
 *   `~/.cache/sightline/history-log` (beside blame's commit-graph), none with `cacheDir: false`.
 *
 * What is kept is git's output split into commits ({@link HistoryLogs}), not features: a change of
 * how they are read reads the same file. Only complete reads are kept (a log git could not read is
 * read again next time). A folder inside the repository is used only as a real folder, never
 * through a symbolic link (`makeOwnFolder`, `isOwnFolder`); a file committed there cannot name the
 * commit holding it, so it never matches HEAD.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isOwnFolder, makeOwnFolder } from '@sightline/codebase';
import {
  FILE_HISTORY_LOG,
  type GitHistory,
  isInside,
  type LoggedCommit,
} from '@sightline/codebase/internal';
import {
  type HistoryLog,
  type HistoryLogs,
  historyLogOf,
  MESSAGE_LOG,
  readHistoryLogs,
} from './history-features.js';

/** Options of {@link cachedHistoryLog}. */
export interface HistoryLogCacheOptions {
  /**
   * The investigation's cache folder: the logs go to `<cacheDir>/history-log`; `false` keeps none
   * on disk (the memory one stays). Default `~/.cache/sightline/history-log`.
   */
  cacheDir?: string | false;
}

// One read per opened history: the service's history of a revision, shared by its investigations.
const inMemory = new WeakMap<GitHistory, Promise<HistoryLog>>();

/**
 * The report-independent part of the history features at the history's HEAD: from memory, from
 * the disk cache, or read with git (then kept in both).
 * @param history the opened history.
 * @returns per-file bug-fix numbers and messages (see `historyLogOf`). Never throws: a cache that
 *   cannot be read or written is skipped.
 */
export function cachedHistoryLog(
  history: GitHistory,
  { cacheDir }: HistoryLogCacheOptions = {},
): Promise<HistoryLog> {
  let log = inMemory.get(history);
  if (!log) {
    const reading = readThroughDisk(history, cacheDir);
    log = reading.then(({ logs }) => historyLogOf(logs, history.headTime));
    inMemory.set(history, log);
    // An incomplete read (git timed out) is not kept: the next investigation tries again.
    void reading.then(
      ({ complete }) => {
        if (!complete) inMemory.delete(history);
      },
      () => inMemory.delete(history),
    );
  }
  return log;
}

/** What identifies a history's logs: the folder, HEAD, what bounds the history, the reads. */
function cacheKey(root: string, history: GitHistory): string {
  const { head, shallow, commitCount } = history;
  return JSON.stringify({
    root,
    head,
    shallow,
    commitCount,
    logs: [FILE_HISTORY_LOG, MESSAGE_LOG],
  });
}

async function readThroughDisk(
  history: GitHistory,
  cacheDir: string | false | undefined,
): Promise<{ logs: HistoryLogs; complete: boolean }> {
  const root = await realpath(history.root).catch(() => path.resolve(history.root));
  const dir =
    cacheDir === false
      ? undefined
      : cacheDir === undefined
        ? path.join(os.homedir(), '.cache', 'sightline', 'history-log')
        : path.resolve(cacheDir, 'history-log');
  const name = `${createHash('sha256').update(root).digest('hex').slice(0, 16)}.json`;
  const key = cacheKey(root, history);
  // A folder inside the repository is checked from the root it is named under: the path as
  // opened (which may hold a link of the user's own) or the real one.
  const opened = path.resolve(history.root);
  const under = dir && isInside(opened, dir) ? opened : root;
  const kept = dir ? await readKept(under, dir, name, key) : undefined;
  if (kept) return { logs: kept, complete: true };
  const logs = await readHistoryLogs(history);
  const complete = logs.files !== undefined && logs.messages !== undefined;
  if (dir && complete) await keep(under, dir, name, { key, ...logs });
  return { logs, complete };
}

function isLog(value: unknown): value is LoggedCommit[] {
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    Array.isArray(value) &&
    value.every(
      (commit) =>
        typeof commit === 'object' && commit && strings(commit.fields) && strings(commit.paths),
    )
  );
}

async function readKept(
  root: string,
  dir: string,
  name: string,
  key: string,
): Promise<HistoryLogs | undefined> {
  if (!(await isOwnFolder(root, dir))) return undefined;
  try {
    const kept = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    if (kept?.key !== key || !isLog(kept.files) || !isLog(kept.messages)) return undefined;
    return { files: kept.files, messages: kept.messages };
  } catch {
    return undefined;
  }
}

async function keep(
  root: string,
  dir: string,
  name: string,
  kept: HistoryLogs & { key: string },
): Promise<void> {
  if (!(await makeOwnFolder(root, dir))) return;
  const file = path.join(dir, name);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(kept));
    await rename(temporary, file);
  } catch {
    // A folder that cannot be written keeps nothing; the investigation goes on.
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
