/**
 * A {@link CompactionStore} on the local disk, under one root folder.
 *
 * Writes are atomic: content goes to a temporary file in the same folder, is flushed (`fsync`),
 * then renamed over the entry (rename is atomic on POSIX file systems), so a killed process leaves
 * the old content or the new one, never a part; at worst a stray `*.sightline-tmp-*` file, which
 * `list`, `grep` and `stat` ignore. Appends rewrite the whole entry the same way (transcripts are
 * appended once per compaction, so the copy is cheap) and are serialized per path within a process;
 * two processes must not append to the same session. No path leaves the root: store paths are
 * validated, mapped segment by segment, checked against the resolved root, and any symbolic link on
 * the way is refused (the store never creates one).
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SightlineError } from '@sightline/core';
import type { CompactionStore, StoreEntryInfo } from './compaction-store.js';
import { assertStorePath, assertStorePrefix } from './store-paths.js';
import {
  describeEntry,
  entryNotFound,
  grepEntries,
  readWindow,
  storePathRefused,
} from './store-text.js';

/** Options of {@link createDiskStore}. */
export interface DiskStoreOptions {
  /** Folder holding the store; created on first write when missing. */
  root: string;
}

const TEMP_MARKER = '.sightline-tmp-';

/**
 * Creates a store under `root`.
 * @param options - `root`, the folder (absolute or relative to the working directory).
 * @returns a version-1 {@link CompactionStore}.
 * @throws SightlineError `STORE_PATH_INVALID` from its methods when a path would cross a symbolic
 * link or names a folder; `INVALID_ARGUMENT` here when `root` is empty.
 * @example
 * const store = createDiskStore({ root: '.sightline/store' });
 * await store.write('/tool_results/s1/call_1.txt', output);
 */
export function createDiskStore(options: DiskStoreOptions): CompactionStore {
  const root = options?.root;
  if (!root || typeof root !== 'string') {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        "createDiskStore needs a root folder: createDiskStore({ root: '.sightline/store' }).",
    });
  }
  let rootReady: Promise<string> | undefined;
  const realRoot = () => {
    rootReady ??= mkdir(resolve(root), { recursive: true }).then(() => realpath(resolve(root)));
    return rootReady;
  };
  const queues = new Map<string, Promise<unknown>>();
  const serialized = <T>(path: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(path) ?? Promise.resolve()).then(task, task);
    const settled = run.catch(() => undefined);
    queues.set(path, settled);
    void settled.then(() => queues.get(path) === settled && queues.delete(path));
    return run;
  };

  /** Maps a store path to a file, refusing symbolic links and folders on the way. */
  const locate = async (path: string): Promise<string> => {
    assertStorePath(path);
    const base = await realRoot();
    const file = join(base, ...path.slice(1).split('/'));
    const inside = relative(base, file);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
      throw storePathRefused(path, 'it leaves the store root');
    let current = base;
    for (const segment of path.slice(1).split('/')) {
      current = join(current, segment);
      const info = await lstat(current).catch(() => undefined);
      if (!info) break;
      if (info.isSymbolicLink()) throw storePathRefused(path, 'it crosses a symbolic link');
      if (current !== file && !info.isDirectory())
        throw storePathRefused(path, `${relative(base, current)} is an entry, not a folder`);
      if (current === file && info.isDirectory())
        throw storePathRefused(path, 'it is a folder of other entries');
    }
    return file;
  };

  const readEntry = async (path: string): Promise<string | undefined> => {
    const file = await locate(path);
    return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  };

  const writeEntry = async (path: string, content: string): Promise<void> => {
    const file = await locate(path);
    await mkdir(join(file, '..'), { recursive: true });
    const temp = `${file}${TEMP_MARKER}${randomBytes(6).toString('hex')}`;
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(content, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  const walk = async (
    prefix: string,
  ): Promise<Array<{ path: string; file: string; modifiedAt: number }>> => {
    const base = await realRoot();
    const found: Array<{ path: string; file: string; modifiedAt: number }> = [];
    const visit = async (folder: string, storeFolder: string): Promise<void> => {
      const children: Dirent[] = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const child of children) {
        const path = `${storeFolder}${child.name}`;
        const isAncestor = prefix.startsWith(`${path}/`);
        if (!isAncestor && !path.startsWith(prefix)) continue;
        const file = join(folder, child.name);
        if (child.isDirectory()) await visit(file, `${path}/`);
        else if (child.isFile() && !child.name.includes(TEMP_MARKER) && path.startsWith(prefix)) {
          const info = await lstat(file);
          found.push({ path, file, modifiedAt: info.mtimeMs });
        }
      }
    };
    await visit(base, '/');
    return found.sort((a, b) => (a.path < b.path ? -1 : 1));
  };

  return {
    version: 1,
    write: (path, content) => serialized(path, () => writeEntry(path, content)),
    append: (path, content) =>
      serialized(path, async () => writeEntry(path, ((await readEntry(path)) ?? '') + content)),
    async read(path, options) {
      const content = await readEntry(path);
      if (content === undefined) throw entryNotFound(path);
      return readWindow(path, content, options);
    },
    async list(prefix = '/') {
      assertStorePrefix(prefix);
      const entries = await walk(prefix);
      return Promise.all(
        entries.map(
          async ({ path, file, modifiedAt }): Promise<StoreEntryInfo> =>
            describeEntry(path, await readFile(file, 'utf8'), modifiedAt),
        ),
      );
    },
    async grep(pattern, options = {}) {
      const prefix = assertStorePrefix(options.prefix ?? '/');
      const entries = await walk(prefix);
      const contents = await Promise.all(
        entries.map(
          async ({ path, file }): Promise<[string, string]> => [path, await readFile(file, 'utf8')],
        ),
      );
      return grepEntries(contents, pattern, options);
    },
    async stat(path) {
      const file = await locate(path);
      const info = await lstat(file).catch(() => undefined);
      if (!info) return undefined;
      return describeEntry(path, await readFile(file, 'utf8'), info.mtimeMs);
    },
  };
}
