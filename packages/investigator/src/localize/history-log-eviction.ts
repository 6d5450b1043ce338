/**
 * Bounds the history-log cache folder (history-log-cache.ts): its entries, one per repository
 * folder (`<16 hex>.json`, its logs or the marker of a log past git's output cap, and
 * `<16 hex>.bm25.json`, its index), are kept newest first, by the latest modification time of
 * their files (a read touches them, so this is least recently used), while they are at most
 * {@link HISTORY_LOG_CACHE_MAX_ENTRIES} and {@link HISTORY_LOG_CACHE_MAX_BYTES} together; the
 * others are removed, and so are temporaries a writer left behind more than
 * {@link STALE_TEMPORARY_MS} ago. The entry just written is always kept. Files the folder holds
 * under other names are left alone, and so is anything that is not a regular file owned by the user
 * running Sightline (looked at with `lstat`: a symbolic link is neither followed, chmod-ed nor
 * removed, whatever its name). Files of ours that others may read (written by older versions with
 * the default mode) are made private (0600) on the way, through a handle opened with `O_NOFOLLOW`
 * and only when it is still the file looked at.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Most repository folders kept. A developer works in a handful of checkouts and the service in one
 * per watched repository; what piles up is throwaway paths (CI clones, temporary work trees), one
 * entry each, which age out at the end of the list.
 */
export const HISTORY_LOG_CACHE_MAX_ENTRIES = 32;

/**
 * Most bytes kept, in bytes (256 MiB): a typical entry (5,000 subjects and 2,000 messages with
 * their files, and their index) takes a few MiB, so dozens fit; an entry near the read's output cap
 * (96 MiB of git output, see history-features.ts) takes around 100 MiB, so two such fit.
 */
export const HISTORY_LOG_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** Age past which a temporary file is a dead writer's, in ms (a write takes seconds at most). */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Options of {@link evictHistoryLogs}. */
export interface EvictHistoryLogsOptions {
  /** The entry just written (its 16 hex digits): kept whatever its size. */
  keep: string;
  /** Most entries kept. Default {@link HISTORY_LOG_CACHE_MAX_ENTRIES}. */
  maxEntries?: number;
  /** Most bytes kept. Default {@link HISTORY_LOG_CACHE_MAX_BYTES}. */
  maxBytes?: number;
  /** The time now, in ms since the epoch (what temporaries' ages count from). Default now. */
  now?: number;
}

const ENTRY_FILE = /^([0-9a-f]{16})(?:\.bm25)?\.json$/;
const TEMPORARY_FILE = /^([0-9a-f]{16})(?:\.bm25)?\.json\.[^/]*\.tmp$/;

interface Entry {
  files: string[];
  bytes: number;
  /** Latest modification time of its files, in ms. */
  used: number;
}

/**
 * Removes the folder's least recently used entries past the bounds, and stale temporaries.
 * @param dir the cache folder (already checked to be ours).
 * @param options the entry to keep and the bounds.
 * @returns the names of the files removed. Never throws: a file that cannot be read or removed
 *   is skipped.
 */
export async function evictHistoryLogs(
  dir: string,
  {
    keep,
    maxEntries = HISTORY_LOG_CACHE_MAX_ENTRIES,
    maxBytes = HISTORY_LOG_CACHE_MAX_BYTES,
    now = Date.now(),
  }: EvictHistoryLogsOptions,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries = new Map<string, Entry>();
  const removed: string[] = [];
  const uid = process.getuid?.();
  for (const name of names) {
    const entry = ENTRY_FILE.exec(name)?.[1];
    const temporary = entry ? undefined : TEMPORARY_FILE.exec(name)?.[1];
    if (!entry && !temporary) continue;
    const file = path.join(dir, name);
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isFile() || (uid !== undefined && info.uid !== uid)) continue;
    if (info.mode & 0o077 && uid !== undefined) await makePrivate(file, info);
    if (temporary) {
      if (now - info.mtimeMs > STALE_TEMPORARY_MS) {
        await rm(file, { force: true }).catch(() => undefined);
        removed.push(name);
      }
      continue;
    }
    const id = entry as string;
    const known = entries.get(id) ?? { files: [], bytes: 0, used: 0 };
    known.files.push(name);
    known.bytes += info.size;
    known.used = Math.max(known.used, info.mtimeMs);
    entries.set(id, known);
  }
  const kept = entries.get(keep);
  let count = kept ? 1 : 0;
  let bytes = kept?.bytes ?? 0;
  const others = [...entries].filter(([id]) => id !== keep).sort(([, a], [, b]) => b.used - a.used);
  // Newest first; from the first entry that does not fit, it and every older one go.
  let full = false;
  for (const [, entry] of others) {
    full ||= count + 1 > maxEntries || bytes + entry.bytes > maxBytes;
    if (!full) {
      count += 1;
      bytes += entry.bytes;
      continue;
    }
    for (const name of entry.files) {
      await rm(path.join(dir, name), { force: true }).catch(() => undefined);
      removed.push(name);
    }
  }
  return removed.sort();
}

/**
 * Makes the file mode 0600 through a handle opened without following a symbolic link, when the
 * handle is the file looked at (same device and inode); otherwise, or on any failure, does nothing.
 */
async function makePrivate(file: string, info: Stats): Promise<void> {
  const handle = await open(
    file,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  ).catch(() => undefined);
  if (!handle) return;
  try {
    const opened = await handle.stat();
    if (opened.isFile() && opened.dev === info.dev && opened.ino === info.ino)
      await handle.chmod(0o600);
  } catch {
    // Left as it is.
  } finally {
    await handle.close().catch(() => undefined);
  }
}
