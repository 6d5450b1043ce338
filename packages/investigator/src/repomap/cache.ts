/**
 * On-disk cache of the repository index: one versioned JSON file, entries keyed by path and
 * validated by size and modification time, so a warm run only stats files. Written atomically
 * (temporary file, then rename). A cache that is missing, unreadable, of another version or of
 * another root is ignored and rebuilt; a folder that cannot be written is skipped silently.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Definition, DefinitionKind, IndexedFile, Reference } from './types.js';

/** Version of the cache format and of the tags it holds; bump it when either changes. */
export const CACHE_VERSION = 1;
/** File name of the cache inside its folder. */
export const CACHE_FILE_NAME = `repomap-v${CACHE_VERSION}.json`;

/** A definition stored compactly: name, kind, first line, last line, scope, signature. */
type StoredDefinition = [string, DefinitionKind, number, number, string[], string];
/** A reference stored compactly: name, line. */
type StoredReference = [string, number];

/** One cached file: either its tags or the reason it was skipped. */
export interface CacheEntry {
  path: string;
  size: number;
  mtimeMs: number;
  /** Set when the file was skipped (`binary`, `minified`, `generated`). */
  skip?: string;
  language?: string | null;
  lineCount?: number;
  definitions?: StoredDefinition[];
  references?: StoredReference[];
}

interface CacheDocument {
  version: number;
  root: string;
  entries: CacheEntry[];
}

/**
 * Folders to try for a repository's cache, in order.
 * @param root real path of the repository root.
 * @param cacheDir explicit folder; when given, it is the only one.
 * @returns `<root>/.sightline/cache`, then `~/.cache/sightline/<hash of root>` as the fallback
 *   for read-only checkouts.
 */
export function cacheDirectories(root: string, cacheDir?: string): string[] {
  if (cacheDir !== undefined) return [path.resolve(cacheDir)];
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return [
    path.join(root, '.sightline', 'cache'),
    path.join(os.homedir(), '.cache', 'sightline', hash),
  ];
}

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<CacheEntry>;
  return (
    typeof entry.path === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.mtimeMs === 'number' &&
    (typeof entry.skip === 'string' ||
      (Array.isArray(entry.definitions) && Array.isArray(entry.references)))
  );
}

/**
 * Reads the first usable cache among `directories`.
 * @param root real path of the repository root; a cache written for another root is ignored.
 * @returns entries by path; empty when no usable cache exists. Never throws.
 */
export async function readCache(
  root: string,
  directories: string[],
): Promise<Map<string, CacheEntry>> {
  for (const directory of directories) {
    let document: Partial<CacheDocument>;
    try {
      document = JSON.parse(await readFile(path.join(directory, CACHE_FILE_NAME), 'utf8'));
    } catch {
      continue;
    }
    if (
      document?.version !== CACHE_VERSION ||
      document.root !== root ||
      !Array.isArray(document.entries)
    ) {
      continue;
    }
    return new Map(document.entries.filter(isEntry).map((entry) => [entry.path, entry]));
  }
  return new Map();
}

/**
 * Writes the cache atomically into the first folder of `directories` that accepts it, with a
 * `.gitignore` that keeps the folder out of version control.
 * @returns the file written, or `null` when no folder was writable. Never throws.
 */
export async function writeCache(
  root: string,
  directories: string[],
  entries: Iterable<CacheEntry>,
): Promise<string | null> {
  const document: CacheDocument = { version: CACHE_VERSION, root, entries: [...entries] };
  const text = JSON.stringify(document);
  for (const directory of directories) {
    const target = path.join(directory, CACHE_FILE_NAME);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await mkdir(directory, { recursive: true });
      // Keep the cache out of `git status` of the repository it sits in.
      await writeFile(path.join(directory, '.gitignore'), '*\n', { flag: 'wx' }).catch(
        () => undefined,
      );
      await writeFile(temporary, text);
      await rename(temporary, target);
      return target;
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }
  return null;
}

/**
 * Stores an indexed file compactly: definitions and references as tuples, paths implied by the entry.
 * @param file the indexed file.
 * @returns the cache entry; {@link fromCacheEntry} restores it.
 */
export function toCacheEntry(file: IndexedFile): CacheEntry {
  return {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    language: file.language,
    lineCount: file.lineCount,
    definitions: file.definitions.map((item) => [
      item.name,
      item.kind,
      item.lines[0],
      item.lines[1],
      item.scope,
      item.signature,
    ]),
    references: file.references.map((item) => [item.name, item.line]),
  };
}

/**
 * Restores an indexed file from a cache entry written by {@link toCacheEntry}.
 * @param entry an entry that is not a skip (`entry.skip` unset).
 * @returns the indexed file, equal to the one stored.
 */
export function fromCacheEntry(entry: CacheEntry): IndexedFile {
  const filePath = entry.path;
  return {
    path: filePath,
    language: entry.language ?? null,
    size: entry.size,
    lineCount: entry.lineCount ?? 0,
    mtimeMs: entry.mtimeMs,
    definitions: (entry.definitions ?? []).map(
      ([name, kind, start, end, scope, signature]): Definition => ({
        name,
        kind,
        path: filePath,
        lines: [start, end],
        scope,
        signature,
      }),
    ),
    references: (entry.references ?? []).map(
      ([name, line]): Reference => ({ name, path: filePath, line }),
    ),
  };
}
