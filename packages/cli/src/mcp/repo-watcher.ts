/**
 * Watches the folders of a repository for changes, one non-recursive `fs.watch` per folder.
 *
 * Node 20's `fs.watch(…, { recursive: true })` on Linux walks and watches every folder itself,
 * node_modules and .git included, and can exhaust the inotify watch limit
 * (nodejs.org/docs/latest-v20.x/api/fs.html#caveats); watching only the folders that hold indexed
 * files keeps to what .gitignore and the vendored-folder rules let into the index.
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';

/** Folders whose changes never concern the index: the cache Sightline writes, and Git's own. */
const IGNORED_SEGMENTS = new Set(['.sightline', '.git']);

/** A set of folder watchers that can follow the repository as folders come and go. */
export interface FolderWatcher {
  /**
   * Watches exactly these folders from now on (repository-relative, `''` for the root).
   * @param folders - the folders to watch; at most `maxFolders` of them are, in the order given.
   */
  update(folders: Iterable<string>): void;
  /** Folders watched now. */
  readonly size: number;
  /** Stops every watcher. */
  close(): void;
}

/** Options of {@link watchFolders}. */
export interface WatchFoldersOptions {
  /** Most folders watched. Default 4,000 (Linux allows 8,192 inotify watches per user by default). */
  maxFolders?: number;
}

/**
 * Starts watching folders of `root`; nothing is watched until {@link FolderWatcher.update}.
 * @param root - absolute repository root.
 * @param onChange - called with the repository-relative path of each changed entry (inside
 *   `.sightline/` and `.git/` excluded); may be called many times for one save.
 * @param options - see {@link WatchFoldersOptions}.
 * @returns the watcher.
 */
export function watchFolders(
  root: string,
  onChange: (relativePath: string) => void,
  { maxFolders = 4_000 }: WatchFoldersOptions = {},
): FolderWatcher {
  const watchers = new Map<string, FSWatcher>();
  const stop = (folder: string) => {
    watchers.get(folder)?.close();
    watchers.delete(folder);
  };
  const start = (folder: string) => {
    try {
      const watcher = watch(path.join(root, folder), { persistent: false }, (_event, filename) => {
        const relative = path.posix.join(folder, filename?.toString() ?? '');
        if (relative.split('/').some((segment) => IGNORED_SEGMENTS.has(segment))) return;
        onChange(relative);
      });
      // A removed folder ends its watcher with an error; the parent's watcher reports the removal.
      watcher.on('error', () => stop(folder));
      watchers.set(folder, watcher);
    } catch {
      // The folder vanished between the index and now: the next update no longer lists it.
    }
  };
  return {
    update(folders) {
      const wanted = new Set([...folders].slice(0, maxFolders));
      for (const folder of [...watchers.keys()]) if (!wanted.has(folder)) stop(folder);
      for (const folder of wanted) if (!watchers.has(folder)) start(folder);
    },
    get size() {
      return watchers.size;
    },
    close() {
      for (const folder of [...watchers.keys()]) stop(folder);
    },
  };
}

/**
 * The folders holding these files, with every folder above them up to the root (`''`), so that
 * a new subfolder is seen in its parent.
 * @param files - repository-relative file paths with `/` separators.
 * @returns the folders, the root first, parents before children.
 */
export function foldersOf(files: Iterable<string>): string[] {
  const folders = new Set<string>(['']);
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth++)
      folders.add(parts.slice(0, depth).join('/'));
  }
  return [...folders].sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
}
