/**
 * The history features' two logs (history-features.ts) and the BM25 index of their messages
 * (message-index.ts) kept per HEAD, so that only the first investigation at a revision runs
 * `git log` and tokenizes the messages:
 *
 * - in memory, per opened history (the triage service opens one per revision, so each later report
 *   there pays only the BM25 search of its own text);
 * - on disk, two files per repository folder, `<dir>/<first 16 hex of the SHA-256 of the folder's
 *   real path>.json` (the logs) and `….bm25.json` (the index: a line of its key, then the
 *   library's export), replaced when HEAD, the shallow cut or the commit count moves, the index
 *   also when the code building it (`messageIndexVersion`) or the messages it holds change. The folder is
 *   `<cacheDir>/history-log` of the investigation, by default `~/.cache/sightline/history-log`
 *   (beside blame's commit-graph), none with `cacheDir: false`.
 *
 * What is kept of the logs is git's output split into commits ({@link HistoryLogs}), not features:
 * a change of how they are read reads the same file. Complete reads are kept; so is, under the
 * same key, a read where a log passed git's output cap (a marker with the log read, if one was: the
 * same HEAD passes it again, so later investigations there do not run git to learn it, and still
 * say the features are partly left out). A read git could not finish in time is not kept (read again next time). A
 * folder inside the repository is used only as a real folder, never through a symbolic link
 * (`makeOwnFolder`, `isOwnFolder`); a file committed there cannot name the commit holding it, so it
 * never matches HEAD.
 *
 * The files hold commit messages, which may be private: the folder is made 0700 (and an existing
 * one of the user's tightened to it before anything is written there), the files 0600. A folder
 * another user owns is not used at all (no file read from it nor written to it: the logs are read
 * with git as without a cache); nothing is read from one group or others may write (the user's own
 * is tightened when the logs are kept); and a file that is not a regular file owned by the user
 * (opened with `O_NOFOLLOW`) is not read. Each file is written to a temporary created
 * exclusively (flag `wx`, a random name: nothing already there, a link included, is followed) and
 * renamed into place; a temporary whose write or rename fails is removed. The folder is bounded (history-log-eviction.ts): least recently used
 * repository folders go past 32 of them or 256 MiB, each read touching its files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import {
  chmod,
  type FileHandle,
  lstat,
  open,
  realpath,
  rename,
  rm,
  utimes,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isOwnFolder, makeOwnFolder } from '@sightline/codebase';
import {
  CHANGED_FILES_LOG_VERSION,
  FILE_HISTORY_LOG,
  type GitHistory,
  isInside,
  type LoggedCommit,
} from '@sightline/codebase/internal';
import {
  HISTORY_LOGS_MAX_BYTES,
  type HistoryLog,
  type HistoryLogs,
  historyLogOf,
  MESSAGE_LOG,
  messageIndexOf,
  readHistoryLogs,
  useMessageIndex,
} from './history-features.js';
import {
  evictHistoryLogs,
  HISTORY_LOG_CACHE_MAX_BYTES,
  HISTORY_LOG_CACHE_MAX_ENTRIES,
} from './history-log-eviction.js';
import { importMessageIndex, messageIndexVersion } from './message-index.js';

/** Options of {@link cachedHistoryLog}. */
export interface HistoryLogCacheOptions {
  /**
   * The investigation's cache folder: the logs go to `<cacheDir>/history-log`; `false` keeps none
   * on disk (the memory one stays). Default `~/.cache/sightline/history-log`.
   */
  cacheDir?: string | false;
  /**
   * Output cap of the git read, in bytes; a read past it is kept as such. Default
   * {@link HISTORY_LOGS_MAX_BYTES} (96 MiB).
   */
  maxLogBytes?: number;
  /**
   * Most repository folders the disk cache keeps (least recently used go). Default
   * {@link HISTORY_LOG_CACHE_MAX_ENTRIES} (32).
   */
  maxCacheEntries?: number;
  /**
   * Most bytes the disk cache keeps (least recently used repository folders go; the one just
   * written stays). Default {@link HISTORY_LOG_CACHE_MAX_BYTES} (256 MiB).
   */
  maxCacheBytes?: number;
}

// One read per opened history: the service's history of a revision, shared by its investigations.
const inMemory = new WeakMap<GitHistory, Promise<HistoryLog>>();

/**
 * The report-independent part of the history features at the history's HEAD: from memory, from
 * the disk cache, or read with git (then kept in both). With a disk cache, the log comes with its
 * BM25 index of messages (imported from its file, or built now and written there).
 * @param history the opened history.
 * @returns per-file bug-fix numbers and messages (see `historyLogOf`). A cache that cannot be read
 *   or written is skipped: keeping is best-effort (a log whose serialisation fails, e.g. past V8's
 *   string length, is not kept), and any other failure of the disk cache reads the logs with git as
 *   without a cache.
 */
export function cachedHistoryLog(
  history: GitHistory,
  options: HistoryLogCacheOptions = {},
): Promise<HistoryLog> {
  let log = inMemory.get(history);
  if (!log) {
    // Any failure of the disk cache (a log too long to serialise, …): read as without a cache.
    const reading = readThroughDisk(history, options).catch(() =>
      readWithoutCache(history, options),
    );
    log = reading.then(async ({ logs, complete, kept }) => {
      const read = historyLogOf(logs, history.headTime);
      if (kept && complete) await withKeptIndex(read, kept).catch(() => undefined);
      return read;
    });
    inMemory.set(history, log);
    // A read git could not finish in time is not kept: the next investigation tries again. One
    // past the output cap is: it would pass it again.
    void reading.then(
      ({ complete, logs }) => {
        if (!complete && !logs.outputCapped) inMemory.delete(history);
      },
      () => inMemory.delete(history),
    );
  }
  return log;
}

/**
 * What identifies a history's logs: the folder, HEAD, what bounds the history, the reads, how they
 * are split and the read's output cap.
 */
function cacheKey(root: string, history: GitHistory, maxBytes: number): string {
  const { head, shallow, commitCount } = history;
  return JSON.stringify({
    root,
    head,
    shallow,
    commitCount,
    logs: [FILE_HISTORY_LOG, MESSAGE_LOG],
    read: CHANGED_FILES_LOG_VERSION,
    maxBytes,
  });
}

/** Where a history's logs are kept on disk: the file's folder and name, and the logs' key. */
interface KeptAt {
  /** The root the folder is checked from (see `isOwnFolder`). */
  under: string;
  dir: string;
  /** The logs' file name; the index's is the same with `.bm25.json`. */
  name: string;
  key: string;
  /** Bounds of the folder ({@link evictHistoryLogs}). */
  maxEntries: number;
  maxBytes: number;
}

async function readThroughDisk(
  history: GitHistory,
  {
    cacheDir,
    maxLogBytes = HISTORY_LOGS_MAX_BYTES,
    maxCacheEntries = HISTORY_LOG_CACHE_MAX_ENTRIES,
    maxCacheBytes = HISTORY_LOG_CACHE_MAX_BYTES,
  }: HistoryLogCacheOptions,
): Promise<{ logs: HistoryLogs; complete: boolean; kept?: KeptAt }> {
  const root = await realpath(history.root).catch(() => path.resolve(history.root));
  const dir =
    cacheDir === false
      ? undefined
      : cacheDir === undefined
        ? path.join(os.homedir(), '.cache', 'sightline', 'history-log')
        : path.resolve(cacheDir, 'history-log');
  const name = `${createHash('sha256').update(root).digest('hex').slice(0, 16)}.json`;
  const key = cacheKey(root, history, maxLogBytes);
  // A folder inside the repository is checked from the root it is named under: the path as
  // opened (which may hold a link of the user's own) or the real one.
  const opened = path.resolve(history.root);
  const under = dir && isInside(opened, dir) ? opened : root;
  if (!dir) return readWithoutCache(history, { maxLogBytes });
  const at: KeptAt = {
    under,
    dir,
    name,
    key,
    maxEntries: maxCacheEntries,
    maxBytes: maxCacheBytes,
  };
  const kept = await readKept(at);
  if (kept) return { logs: kept, complete: isComplete(kept), kept: at };
  const logs = await readHistoryLogs(history, { maxBytes: maxLogBytes });
  const complete = isComplete(logs);
  if (complete || logs.outputCapped) {
    try {
      await keep(at, name, JSON.stringify({ key, ...logs }));
    } catch {
      // Best-effort: a log that cannot be serialised or kept is read again next time.
    }
  }
  return { logs, complete, kept: at };
}

function isComplete(logs: HistoryLogs): boolean {
  return logs.files !== undefined && logs.messages !== undefined;
}

/** The logs read with git, nothing read from nor written to disk. */
async function readWithoutCache(
  history: GitHistory,
  { maxLogBytes = HISTORY_LOGS_MAX_BYTES }: HistoryLogCacheOptions,
): Promise<{ logs: HistoryLogs; complete: boolean; kept?: KeptAt }> {
  const logs = await readHistoryLogs(history, { maxBytes: maxLogBytes });
  return { logs, complete: isComplete(logs) };
}

/** The index file's first line: the logs' key, the code that builds the index and its documents. */
function indexKey({ key }: KeptAt, log: HistoryLog): string {
  return JSON.stringify({ logs: key, index: messageIndexVersion(), messages: documentsKey(log) });
}

/**
 * 16 hex of the SHA-256 of the documents the index holds: each file's messages as the features
 * select them from the logs (`commitMessagesOf`). The logs' key alone does not name them: a
 * change of how messages are selected (how many per file, which commits) reads the same logs.
 */
function documentsKey({ messages }: HistoryLog): string {
  const hash = createHash('sha256');
  for (const [file, list] of messages) hash.update(JSON.stringify([file, list]));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Gives the log its BM25 index of messages from the index file kept beside its logs, or builds it
 * and writes that file.
 */
async function withKeptIndex(log: HistoryLog, at: KeptAt): Promise<void> {
  const name = at.name.replace(/\.json$/, '.bm25.json');
  const key = indexKey(at, log);
  const text = await readOwnFile(at, name);
  const newline = text?.indexOf('\n') ?? -1;
  const imported =
    text !== undefined && newline >= 0 && text.slice(0, newline) === key
      ? importMessageIndex(text.slice(newline + 1))
      : undefined;
  if (imported) {
    useMessageIndex(log, imported);
    await touch(path.join(at.dir, name));
    return;
  }
  await keep(at, name, `${key}\n${messageIndexOf(log).exportJSON()}`);
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

/**
 * A file of the folder, when the folder is a real one of ours that no one else may write and the
 * file a regular one of ours (not a symbolic link); `undefined` otherwise or when unreadable.
 */
async function readOwnFile({ under, dir }: KeptAt, name: string): Promise<string | undefined> {
  if (!(await isOwnFolder(under, dir)) || !(await isPrivateFolder(dir))) return undefined;
  const handle = await open(path.join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    () => undefined,
  );
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || !isOurs(info.uid)) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Whether the owner is the user running Sightline (always, where there are no user ids). */
function isOurs(owner: number): boolean {
  const uid = process.getuid?.();
  return uid === undefined || owner === uid;
}

/**
 * Whether the folder is a folder (not a symbolic link) owned by the user running Sightline that
 * neither group nor others may write.
 */
async function isPrivateFolder(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info?.isDirectory() || !isOurs(info.uid)) return false;
  return process.getuid?.() === undefined || (info.mode & 0o022) === 0;
}

/** The kept logs (or the marker of a read past the output cap) under the key, touched. */
async function readKept(at: KeptAt): Promise<HistoryLogs | undefined> {
  const text = await readOwnFile(at, at.name);
  let logs: HistoryLogs | undefined;
  try {
    const kept = text === undefined ? undefined : JSON.parse(text);
    if (kept?.key !== at.key) return undefined;
    if (kept.outputCapped === true)
      logs = {
        outputCapped: true,
        ...(isLog(kept.files) ? { files: kept.files } : {}),
        ...(isLog(kept.messages) ? { messages: kept.messages } : {}),
      };
    else if (isLog(kept.files) && isLog(kept.messages))
      logs = { files: kept.files, messages: kept.messages };
  } catch {
    return undefined;
  }
  if (logs) await touch(path.join(at.dir, at.name));
  return logs;
}

/** Marks a file as just used (what eviction orders by); a file that cannot be touched is left. */
async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
}

/**
 * Makes the folder ours and private: made 0700, or, found looser and owned by this user (a
 * folder made before the cache was private), tightened to 0700.
 * @returns whether it may be used: false for a folder another user owns, a symbolic link, or one
 *   group or others may still write.
 */
async function makePrivateFolder(under: string, dir: string): Promise<boolean> {
  if (!(await makeOwnFolder(under, dir, { mode: 0o700 }))) return false;
  const info = await lstat(dir).catch(() => undefined);
  if (!info?.isDirectory() || !isOurs(info.uid)) return false;
  if (info.mode & 0o077 && process.getuid?.() !== undefined)
    await chmod(dir, 0o700).catch(() => undefined);
  return isPrivateFolder(dir);
}

async function keep(at: KeptAt, name: string, text: string): Promise<void> {
  const { under, dir } = at;
  if (!(await makePrivateFolder(under, dir))) return;
  const file = path.join(dir, name);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, 'wx', 0o600);
  } catch {
    // A folder that cannot be written keeps nothing; the investigation goes on. A file already at
    // the temporary's name is not ours to remove.
    return;
  }
  try {
    await handle.writeFile(text);
    await handle.close();
    handle = undefined;
    await rename(temporary, file);
  } catch {
    // A write that failed (no space, a file size limit) or a rename: the temporary, ours, goes.
    await handle?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    return;
  }
  await evictHistoryLogs(dir, {
    keep: name.slice(0, 16),
    maxEntries: at.maxEntries,
    maxBytes: at.maxBytes,
  });
}
