/**
 * Builds the repository index: every file worth reading, with the definitions and references
 * tree-sitter tags find in it. Files come from the repository walk (`.gitignore`, vendored
 * folders, build output and size cap handled there); binary, minified, generated and secret
 * files are skipped here. Unchanged files come from the on-disk cache without being read.
 */
import path from 'node:path';
import {
  countLines,
  isSecretFile,
  pathList,
  SNIFF_BYTES,
  sniffContent,
} from '../repository/content.js';
import { fileCapWarning } from '../repository/file-cap.js';
import {
  fileByteCap,
  type ListedFile,
  type ListedFiles,
  listRepositoryFiles,
  withoutBuildOutput,
} from '../repository/files.js';
import { languageForPath } from '../repository/languages.js';
import { readAtMost } from '../repository/read-at-most.js';
import { resolveRoot } from '../repository/sandbox.js';
import { gateText } from '../repository/secret-gate.js';
import {
  type CacheEntry,
  cacheDirectories,
  contentHash,
  fromCacheEntry,
  isRacy,
  readCache,
  toCacheEntry,
  writeCache,
} from './cache.js';
import { extractTags } from './extract-tags.js';
import { getParser, loadGrammar } from './grammars.js';
import type { IndexedFile, RepositoryIndex } from './types.js';

/** Options of {@link indexRepository}. */
export interface IndexRepositoryOptions {
  /**
   * Folder of the cache file (relative to the current directory), or `false` for no cache. Default `<root>/.sightline/cache`, falling
   * back to `~/.cache/sightline/<hash of root>` when the repository is not writable.
   */
  cacheDir?: string | false;
  /** Files larger than this are skipped, in bytes. Default 1 MiB (1,048,576). */
  maxFileBytes?: number;
  /** Called as files are indexed (cached ones included), with counts of files. */
  onProgress?: (done: number, total: number) => void;
  /** Called for each file actually read (a cache miss), with its path; for tests and diagnostics. */
  onParse?: (path: string) => void;
  /**
   * The repository's walk when the caller has it (a `Repository` lists its files once); build
   * output is left out as `listRepositoryFiles` does by default. Default: walk the repository.
   */
  files?: ListedFiles;
}

/** Files read concurrently while the parser works through the previous batch. */
const READ_BATCH = 64;

/** Indexes one file's content; returns `cacheable: false` when its grammar failed to load. */
async function indexContent(
  file: ListedFile,
  buffer: Buffer,
  warnings: Set<string>,
): Promise<{ entry: CacheEntry; file?: IndexedFile; cacheable: boolean }> {
  const reason = sniffContent(buffer.subarray(0, SNIFF_BYTES), file.path);
  const hash = contentHash(buffer);
  if (reason) return { entry: { ...file, hash, skip: reason }, cacheable: true };
  const text = buffer.toString('utf8');
  const shown = await gateText(text, file.path);
  if (!shown.ok) return { entry: { ...file, hash, skip: 'secret' }, cacheable: true };
  const indexed: IndexedFile = {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    language: null,
    lineCount: countLines(buffer),
    definitions: [],
    references: [],
    secretLines: [...shown.withheld.keys()].sort((a, b) => a - b),
  };
  const language = languageForPath(file.path, text);
  let cacheable = true;
  if (language) {
    const { grammar, warnings: problems } = await loadGrammar(language);
    for (const problem of problems) warnings.add(problem);
    cacheable = grammar !== null || !language.supported;
    if (grammar) {
      // Parsed from the real text; signatures cut from the gated one, so a definition that spans
      // a secret line (a parameter default, an object literal) shows that line withheld.
      const tags = extractTags(await getParser(), grammar, text, file.path, {
        signatureText: shown.text,
      });
      indexed.language = language.id;
      indexed.definitions = tags.definitions;
      indexed.references = tags.references;
      if (tags.package) indexed.package = tags.package;
      if (tags.imports) indexed.imports = tags.imports;
    }
  }
  return { entry: toCacheEntry(indexed, file.ctimeMs, hash), file: indexed, cacheable };
}

/** Unreadable files (or folders) named in a warning at most; the count says how many more. */
const UNREADABLE_NAMED = 5;

/**
 * The warnings of files and folders that could not be read (permissions, removed while indexing,
 * or refused by the system, as procfs files are): their code is in no ranking and no diagnosis,
 * which would otherwise look like code that is not there.
 * @param paths repository-relative paths, sorted; a folder's ends with `/`.
 * @param errorCodes the read errors' codes by file path (a folder has none: the walk's).
 * @returns one sentence for each kind of failure of the files (permission denied, gone, refused)
 *   and one for the folders, each naming the first few and what to do.
 */
function unreadableWarnings(
  paths: readonly string[],
  errorCodes: ReadonlyMap<string, string>,
): string[] {
  const folders = paths.filter((entry) => entry.endsWith('/'));
  const files = paths.filter((entry) => !entry.endsWith('/'));
  const failure = (file: string) => readFailure(errorCodes.get(file));
  /** One sentence over `list`: `say(count, them, named)`, e.g. ("2 files", "them", "a, b"). */
  const sentence = (
    list: readonly string[],
    kind: 'file' | 'folder',
    say: (count: string, them: string, named: string) => string,
  ) => {
    if (list.length === 0) return [];
    const more =
      list.length > UNREADABLE_NAMED ? ` and ${list.length - UNREADABLE_NAMED} more` : '';
    const named = `${pathList(list.slice(0, UNREADABLE_NAMED))}${more}`;
    const [count, them] =
      list.length === 1 ? [`1 ${kind}`, 'it'] : [`${list.length} ${kind}s`, 'them'];
    return [say(count, them, named)];
  };
  const refused = files.filter((file) => failure(file) === 'refused');
  const codes = [...new Set(refused.map((file) => errorCodes.get(file)))].join(', ');
  return [
    ...sentence(
      files.filter((file) => failure(file) === 'denied'),
      'file',
      (count, them, named) =>
        `${count} could not be read (permission denied), so nothing in ${them} is ranked or cited: ${named}. Make ${them} readable to the user running Sightline (chmod a+r) and run again.`,
    ),
    ...sentence(
      files.filter((file) => failure(file) === 'removed'),
      'file',
      (count, them, named) =>
        `${count} went away while the repository was read, so nothing in ${them} is ranked or cited: ${named}. Run again once the repository stops changing.`,
    ),
    ...sentence(
      refused,
      'file',
      (count, them, named) =>
        `${count} could not be read (the system answered ${codes}), so nothing in ${them} is ranked or cited: ${named}. Files a kernel or a device serves (under /proc, /sys or /dev) hold no code; point --repo at a folder of source files.`,
    ),
    ...sentence(
      folders,
      'folder',
      (count, them, named) =>
        `${count} could not be read (permissions?), so nothing in ${them} is ranked or cited: ${named}. Make ${them} readable to the user running Sightline (chmod a+rx) and run again.`,
    ),
  ];
}

/**
 * Why a file could not be read, from its error's code: `denied` (EACCES, EPERM), `removed`
 * (ENOENT, ENOTDIR: gone since the walk listed it), or `refused` (anything else the system
 * answered, such as EINVAL for a procfs file that cannot be read).
 */
function readFailure(code: string | undefined): 'denied' | 'removed' | 'refused' {
  if (code === 'EACCES' || code === 'EPERM') return 'denied';
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'removed';
  return 'refused';
}

/** The warning for files whose names are not UTF-8 (Node reads every name as UTF-8). */
function misnamedWarning(paths: readonly string[]): string {
  const named = pathList(paths.slice(0, UNREADABLE_NAMED));
  const more =
    paths.length > UNREADABLE_NAMED ? ` and ${paths.length - UNREADABLE_NAMED} more` : '';
  const [count, them] =
    paths.length === 1
      ? ['1 file has a name that is', 'it']
      : [`${paths.length} files have names that are`, 'them'];
  return `${count} not UTF-8, so Sightline cannot open ${them} and nothing in ${them} is ranked or cited: ${named}${more} (each byte that is not UTF-8 shown as �). Rename ${them} in UTF-8 and run again.`;
}

/**
 * Indexes a repository with tree-sitter tags, reusing the on-disk cache for unchanged files
 * (same size, modification and status change times): a warm run stats files and reads nothing
 * else, except files changed too close to the last cache write to tell by time, which are read and
 * compared by content hash.
 * @param root the repository folder.
 * @param options cache folder, size cap, progress and parse callbacks.
 * @returns every file (sorted by path) with its definitions and references, the files skipped
 *   with the reason, and warnings (grammars that failed to load, unsupported languages, files
 *   that could not be read).
 * @throws SightlineError `PATH_NOT_FOUND` or `NOT_A_DIRECTORY` when `root` is not a folder.
 * @example
 * const index = await indexRepository('.', { onProgress: (done, total) => bar.update(done / total) });
 * findDefinitions(index, 'parseReport');
 */
export async function indexRepository(
  root: string,
  options: IndexRepositoryOptions = {},
): Promise<RepositoryIndex> {
  const { cacheDir, maxFileBytes = 1_048_576, onProgress, onParse } = options;
  const realRoot = await resolveRoot(root);
  const listed = options.files
    ? withoutBuildOutput(options.files)
    : await listRepositoryFiles(realRoot, { maxFileBytes });
  const directories = cacheDir === false ? [] : cacheDirectories(realRoot, cacheDir);
  const cache = await readCache(realRoot, directories);
  const entries = new Map<string, CacheEntry>();
  const indexed = new Map<string, IndexedFile>();
  const skipped: RepositoryIndex['skipped'] = [...listed.skipped];
  /** Files whose read failed, with the error's code (ENOENT, EACCES, EINVAL, …). */
  const errorCodes = new Map<string, string>();
  const warnings = new Set<string>();
  if (listed.capped) warnings.add(fileCapWarning(listed.capped.found, listed.capped.maxFiles));
  /** Files to read: changed ones, and unchanged-looking ones whose mtime proves nothing. */
  const toRead: { file: ListedFile; candidate?: CacheEntry }[] = [];
  const total = listed.files.length;
  let done = 0;
  let changed = false;

  const reuse = async (file: ListedFile, entry: CacheEntry) => {
    entries.set(file.path, entry);
    if (entry.skip) skipped.push({ path: file.path, reason: entry.skip });
    else indexed.set(file.path, fromCacheEntry(entry));
    const language = entry.language === null ? languageForPath(file.path) : null;
    if (language && !language.supported) {
      for (const problem of (await loadGrammar(language)).warnings) warnings.add(problem);
    }
  };

  for (const file of listed.files) {
    const entry = cache.entries.get(file.path);
    if (isSecretFile(file.path)) {
      skipped.push({ path: file.path, reason: 'secret' });
      done++;
    } else if (
      entry &&
      entry.size === file.size &&
      entry.mtimeMs === file.mtimeMs &&
      entry.ctimeMs === file.ctimeMs
    ) {
      if (isRacy(file, cache.writtenAtMs)) {
        toRead.push({ file, candidate: entry });
      } else {
        await reuse(file, entry);
        done++;
      }
    } else {
      toRead.push({ file });
    }
  }
  if (done > 0) onProgress?.(done, total);
  // Start loading every grammar the files to read need: compiling a grammar's WebAssembly takes
  // up to half a second and runs off the main thread, so it overlaps reading and parsing.
  for (const language of new Set(toRead.map(({ file }) => languageForPath(file.path)))) {
    if (language?.supported) void loadGrammar(language);
  }

  for (let start = 0; start < toRead.length; start += READ_BATCH) {
    const batch = toRead.slice(start, start + READ_BATCH);
    const buffers = await Promise.all(
      batch.map(({ file }) =>
        readAtMost(path.join(realRoot, file.path), fileByteCap(file.path, { maxFileBytes })).catch(
          (error: NodeJS.ErrnoException) => {
            errorCodes.set(file.path, error.code ?? 'an unknown error');
            return undefined;
          },
        ),
      ),
    );
    for (const [position, { file, candidate }] of batch.entries()) {
      const buffer = buffers[position];
      done++;
      if (buffer && candidate?.hash !== undefined && candidate.hash === contentHash(buffer)) {
        await reuse(file, candidate);
        onProgress?.(done, total);
        continue;
      }
      changed = true;
      if (buffer === null) {
        // Longer than its listed size allowed: it grew, or streams (procfs), since the walk.
        skipped.push({ path: file.path, reason: 'too-large' });
        onProgress?.(done, total);
        continue;
      }
      if (!buffer) {
        skipped.push({ path: file.path, reason: 'unreadable' });
        onProgress?.(done, total);
        continue;
      }
      onParse?.(file.path);
      const result = await indexContent(file, buffer, warnings);
      if (result.file) indexed.set(file.path, result.file);
      if (result.entry.skip) skipped.push({ path: file.path, reason: result.entry.skip });
      if (result.cacheable) entries.set(file.path, result.entry);
      onProgress?.(done, total);
    }
  }

  if (directories.length > 0 && (changed || entries.size !== cache.entries.size)) {
    await writeCache(realRoot, directories, entries.values());
  }
  const files = new Map<string, IndexedFile>();
  for (const file of listed.files) {
    const item = indexed.get(file.path);
    if (item) files.set(file.path, item);
  }
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const unreadable = skipped.filter((file) => file.reason === 'unreadable');
  for (const warning of unreadableWarnings(
    unreadable.map((file) => file.path),
    errorCodes,
  )) {
    warnings.add(warning);
  }
  const misnamed = skipped.filter((file) => file.reason === 'name-not-utf8');
  if (misnamed.length > 0) warnings.add(misnamedWarning(misnamed.map((file) => file.path)));
  return { root: realRoot, files, skipped, warnings: [...warnings] };
}
