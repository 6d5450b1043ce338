/** A {@link CompactionStore} kept in memory: for tests, short runs and browsers. */

import type { CompactionStore } from './compaction-store.js';
import { assertStorePath, assertStorePrefix } from './store-paths.js';
import {
  describeEntry,
  entryNotFound,
  grepEntries,
  readWindow,
  storePathRefused,
} from './store-text.js';

interface MemoryEntry {
  content: string;
  modifiedAt: number;
}

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock for `modifiedAt`, in ms since the Unix epoch. Default `Date.now`. */
  now?: () => number;
}

/**
 * Creates an in-memory store. Entries live as long as the returned object; writes are atomic
 * because they are synchronous under the hood.
 * @param options - `now`, the clock (default `Date.now`).
 * @returns a version-1 {@link CompactionStore}.
 * @example
 * const store = createMemoryStore();
 * await store.write('/tool_results/s1/call_1.txt', 'hello\n');
 */
export function createMemoryStore({ now = Date.now }: MemoryStoreOptions = {}): CompactionStore {
  const entries = new Map<string, MemoryEntry>();
  /** Keeps the memory store's tree shape identical to a file system's (an entry is never a folder). */
  const assertWritable = (path: string): string => {
    assertStorePath(path);
    if (entries.has(path)) return path;
    for (const existing of entries.keys()) {
      if (path.startsWith(`${existing}/`)) {
        throw storePathRefused(path, `${existing.slice(1)} is an entry, not a folder`);
      }
      if (existing.startsWith(`${path}/`))
        throw storePathRefused(path, 'it is a folder of other entries');
    }
    return path;
  };
  const contents = function* (): Generator<[string, string]> {
    for (const [path, entry] of entries) yield [path, entry.content];
  };
  return {
    version: 1,
    async write(path, content) {
      entries.set(assertWritable(path), { content, modifiedAt: now() });
    },
    async append(path, content) {
      const previous = entries.get(assertWritable(path))?.content ?? '';
      entries.set(path, { content: previous + content, modifiedAt: now() });
    },
    async read(path, options) {
      const entry = entries.get(assertStorePath(path));
      if (!entry) throw entryNotFound(path);
      return readWindow(path, entry.content, options);
    },
    async list(prefix = '/') {
      assertStorePrefix(prefix);
      return [...entries]
        .filter(([path]) => path.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([path, entry]) => describeEntry(path, entry.content, entry.modifiedAt));
    },
    async grep(pattern, options = {}) {
      assertStorePrefix(options.prefix ?? '/');
      return grepEntries(contents(), pattern, options);
    },
    async stat(path) {
      const entry = entries.get(assertStorePath(path));
      return entry && describeEntry(path, entry.content, entry.modifiedAt);
    },
  };
}
