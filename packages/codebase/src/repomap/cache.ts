/**
 * On-disk cache of the repository index: one versioned JSON file, entries keyed by path and
 * validated by size, modification time and status change time, so a warm run only stats files.
 * The status change time catches writes whose mtime was reset (every file of an unpacked npm
 * tarball carries the same mtime); where even the times cannot tell (see {@link isRacy}) the
 * entry's content hash decides. Written atomically (temporary file, then rename). A cache that is missing, unreadable, of another version or of
 * another root is ignored and rebuilt; a folder that cannot be written is skipped silently.
 */
import { createHash } from 'node:crypto';
import { lstat, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isOwnFolder, makeOwnFolder } from '../repository/own-folder.js';
import { SECRET_RULES_VERSION } from '../repository/secrets.js';
import type { Definition, DefinitionKind, ImportSpec, IndexedFile, Reference } from './types.js';

/**
 * Version of the cache format and of the tags it holds; bump it when either changes. A cache
 * written under other secret rules (`SECRET_RULES_VERSION`) is not read either: its withheld lines
 * and signatures were judged by those rules.
 */
export const CACHE_VERSION = 10;
/** File name of the cache inside its folder. */
export const CACHE_FILE_NAME = `repomap-v${CACHE_VERSION}.json`;

/** A definition stored compactly: name, kind, first line, last line, scope, signature. */
type StoredDefinition = [string, DefinitionKind, number, number, string[], string];
/** A reference stored compactly: name, line. */
type StoredReference = [string, number] | [string, number, string];

/** One cached file: either its tags or the reason it was skipped. */
export interface CacheEntry {
  path: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** SHA-1 of the content (hex, 20 characters), checked when the mtime is unreliable. */
  hash?: string;
  /** Set when the file was skipped (`binary`, `minified`, `generated`). */
  skip?: string;
  language?: string | null;
  lineCount?: number;
  definitions?: StoredDefinition[];
  references?: StoredReference[];
  /** 1-based lines withheld as secrets. */
  secretLines?: number[];
  package?: string;
  imports?: ImportSpec[];
}

interface CacheDocument {
  version: number;
  /** The `SECRET_RULES_VERSION` its entries were scanned with. */
  secretRules: number;
  root: string;
  /** When the cache was written (ms since the epoch). */
  writtenAtMs: number;
  entries: CacheEntry[];
}

/** A cache read from disk. */
export interface LoadedCache {
  entries: Map<string, CacheEntry>;
  /** When it was written (ms since the epoch); 0 when there was no cache. */
  writtenAtMs: number;
}

/** Window in which a change may share its times with the cache write (filesystem granularity). */
const RACY_WINDOW_MS = 2_000;

/**
 * True when a file's times cannot prove it unchanged since the cache was written: no time at all,
 * or a time so close to the cache write that an edit in the same tick would look unchanged (git's
 * "racy clean" problem, git Documentation/technical/racy-git.txt). Such files are compared by hash.
 */
export function isRacy(
  file: { mtimeMs: number; ctimeMs: number },
  cacheWrittenAtMs: number,
): boolean {
  return (
    file.mtimeMs <= 0 || Math.max(file.mtimeMs, file.ctimeMs) >= cacheWrittenAtMs - RACY_WINDOW_MS
  );
}

/**
 * Content hash stored in cache entries.
 * @param content the file's bytes.
 * @returns the first 20 hex characters of its SHA-1 (a change detector, not a security hash).
 */
export function contentHash(content: Uint8Array): string {
  return createHash('sha1').update(content).digest('hex').slice(0, 20);
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
    typeof entry.ctimeMs === 'number' &&
    (typeof entry.skip === 'string' ||
      (Array.isArray(entry.definitions) && Array.isArray(entry.references)))
  );
}

/**
 * Reads the first usable cache among `directories`. A folder or file inside the repository that
 * is reached through a symbolic link is not read.
 * @param directories folders to try, in order (see {@link cacheDirectories}).
 * @param root real path of the repository root; a cache written for another root is ignored.
 * @returns entries by path and the time of writing; empty when no usable cache exists. Never throws.
 */
export async function readCache(root: string, directories: string[]): Promise<LoadedCache> {
  for (const directory of directories) {
    let document: Partial<CacheDocument>;
    const file = path.join(directory, CACHE_FILE_NAME);
    try {
      if (!(await isOwnFolder(root, directory)) || !(await lstat(file)).isFile()) continue;
      document = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      continue;
    }
    if (
      document?.version !== CACHE_VERSION ||
      document.secretRules !== SECRET_RULES_VERSION ||
      document.root !== root ||
      !Array.isArray(document.entries)
    ) {
      continue;
    }
    return {
      entries: new Map(document.entries.filter(isEntry).map((entry) => [entry.path, entry])),
      writtenAtMs: typeof document.writtenAtMs === 'number' ? document.writtenAtMs : 0,
    };
  }
  return { entries: new Map(), writtenAtMs: 0 };
}

/**
 * Writes the cache atomically into the first folder of `directories` that accepts it, with a
 * `.gitignore` that keeps the folder out of version control. Folders it makes are 0700 and the file
 * 0600 (the user's alone, like the other caches of `~/.cache/sightline`). Inside the repository a folder is
 * made and used only as a real folder: a symbolic link there (`.sightline/cache → /anywhere`) is
 * skipped, so nothing is written outside the repository through it.
 * @param root real path of the repository root, stored so another root's cache is never used.
 * @param directories folders to try, in order (see {@link cacheDirectories}).
 * @param entries every entry of the index, skips included.
 * @returns the file written, or `null` when no folder was writable. Never throws.
 */
export async function writeCache(
  root: string,
  directories: string[],
  entries: Iterable<CacheEntry>,
): Promise<string | null> {
  const document: CacheDocument = {
    version: CACHE_VERSION,
    secretRules: SECRET_RULES_VERSION,
    root,
    writtenAtMs: Date.now(),
    entries: [...entries],
  };
  const text = JSON.stringify(document);
  for (const directory of directories) {
    const target = path.join(directory, CACHE_FILE_NAME);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      // Private (folders made 0700, the file 0600): it holds the code's names and signatures.
      if (!(await makeOwnFolder(root, directory, { mode: 0o700 }))) continue;
      // Keep the cache out of `git status` of the repository it sits in. `wx` (O_EXCL) neither
      // overwrites nor follows a link planted under either name.
      await writeFile(path.join(directory, '.gitignore'), '*\n', { flag: 'wx' }).catch(
        () => undefined,
      );
      await writeFile(temporary, text, { flag: 'wx', mode: 0o600 });
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
 * @param ctimeMs its status change time (ms).
 * @param hash its {@link contentHash}.
 * @returns the cache entry; {@link fromCacheEntry} restores it.
 */
export function toCacheEntry(file: IndexedFile, ctimeMs: number, hash: string): CacheEntry {
  return {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    ctimeMs,
    hash,
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
    references: file.references.map(
      (item): StoredReference =>
        item.qualifier ? [item.name, item.line, item.qualifier] : [item.name, item.line],
    ),
    secretLines: file.secretLines,
    ...(file.package ? { package: file.package } : {}),
    ...(file.imports ? { imports: file.imports } : {}),
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
      ([name, line, qualifier]): Reference =>
        qualifier ? { name, path: filePath, line, qualifier } : { name, path: filePath, line },
    ),
    secretLines: entry.secretLines ?? [],
    ...(entry.package ? { package: entry.package } : {}),
    ...(entry.imports ? { imports: entry.imports } : {}),
  };
}
