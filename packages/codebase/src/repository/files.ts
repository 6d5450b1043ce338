/**
 * Walks a repository the way a developer sees it: `.gitignore` honoured (nested files too),
 * vendored folders and build output left out, symlinks never followed, large files skipped.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { glob } from 'tinyglobby';
import { buildFolderOf, generatedBuildFolders } from './build-output.js';
import { capFileCount, DEFAULT_MAX_FILES } from './file-cap.js';
import { languageForPath } from './languages.js';
import { readPackageName } from './package-name.js';
import { isPermissionError } from './sandbox.js';

/** Folders that hold other people's code or tool state; never walked. */
export const VENDORED_DIRS = [
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'third_party',
  'third-party',
  '.git',
  '.hg',
  '.svn',
  '.sightline',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.next',
  '.nuxt',
  '.cache',
  'coverage',
  '.gradle',
  '.idea',
  '.vscode',
  'Pods',
  'DerivedData',
];

/** Options of {@link listRepositoryFiles}. */
export interface ListFilesOptions {
  /** Files larger than this are skipped, in bytes. Default 1 MiB. */
  maxFileBytes?: number;
  /**
   * Source code files (a language the index parses) larger than this are skipped, in bytes.
   * Default 4 MiB: real source files pass 1 MiB (picocli's `CommandLine.java` is 1.2 MB), and a
   * file a stack frame names must be indexed. Minified code is skipped by content anyway.
   */
  maxCodeFileBytes?: number;
  /** Only list under this repository-relative folder. Default the whole repository. */
  under?: string;
  /** Keep build-output folders whose code is generated from source elsewhere. Default false. */
  includeBuildOutput?: boolean;
  /**
   * Most files kept (source code first); the rest are skipped as `file-cap`. Default
   * {@link DEFAULT_MAX_FILES} (20,000).
   */
  maxFiles?: number;
}

/** A file found by the walk. */
export interface ListedFile {
  /** Repository-relative path with `/` separators. */
  path: string;
  /** Size in bytes. */
  size: number;
  mtimeMs: number;
  /** Status change time: moves on every write, even when a tool resets the mtime. */
  ctimeMs: number;
}

/** The walk's result: the files to read, and those left out with the reason. */
export interface ListedFiles {
  files: ListedFile[];
  /**
   * Left out, with why; an `unreadable` entry is a folder the walk could not open (its path ends
   * with `/`; permissions), so nothing under it is listed, or a file it could not stat; a
   * `name-not-utf8` entry a file whose name is not UTF-8, so the name Node gives it (with U+FFFD)
   * opens nothing.
   */
  skipped: {
    path: string;
    reason: 'too-large' | 'generated' | 'secret' | 'file-cap' | 'unreadable' | 'name-not-utf8';
  }[];
  /** Set when the walk found more files than `maxFiles`: how many it found, and the cap. */
  capped?: { found: number; maxFiles: number };
  /**
   * With `includeBuildOutput`: the paths (sorted) in build-output folders that a listing without
   * it leaves out as `generated` (see {@link withoutBuildOutput}).
   */
  buildOutput?: string[];
}

/**
 * Builds a predicate that says whether a repository-relative path is ignored by any
 * `.gitignore` in the repository (each applied relative to its own folder).
 */
export async function loadGitignore(root: string): Promise<(relativePath: string) => boolean> {
  const gitignores = await glob('**/.gitignore', {
    cwd: root,
    dot: true,
    followSymbolicLinks: false,
    ignore: VENDORED_DIRS.map((dir) => `**/${dir}/**`),
  });
  const rules: { base: string; matcher: Ignore }[] = [];
  for (const file of gitignores) {
    const text = await readFile(path.join(root, file), 'utf8').catch(() => '');
    const base = path.posix.dirname(file);
    rules.push({ base: base === '.' ? '' : `${base}/`, matcher: ignore().add(text) });
  }
  return (relativePath: string) =>
    rules.some(
      ({ base, matcher }) =>
        relativePath.startsWith(base) && matcher.ignores(relativePath.slice(base.length)),
    );
}

/** Files stat'ed concurrently. */
const STAT_BATCH = 128;

/** Files larger than this are skipped by default, in bytes (1 MiB). */
const DEFAULT_MAX_FILE_BYTES = 1_048_576;
/** Source code files larger than this are skipped by default, in bytes (4 MiB; see {@link ListFilesOptions}). */
const DEFAULT_MAX_CODE_FILE_BYTES = 4 * 1_048_576;

/**
 * The size above which a file is skipped as `too-large`: `maxCodeFileBytes` for source code (a
 * language the index parses), `maxFileBytes` for other files.
 * @param file - repository-relative path.
 * @param options - the caps, as {@link listRepositoryFiles} takes them (same defaults).
 * @returns the cap in bytes.
 */
export function fileByteCap(
  file: string,
  {
    maxFileBytes = DEFAULT_MAX_FILE_BYTES,
    maxCodeFileBytes = DEFAULT_MAX_CODE_FILE_BYTES,
  }: Pick<ListFilesOptions, 'maxFileBytes' | 'maxCodeFileBytes'> = {},
): number {
  return languageForPath(file) === null ? maxFileBytes : Math.max(maxFileBytes, maxCodeFileBytes);
}

/**
 * Lists the files of a repository worth indexing or showing.
 * @param root absolute real path of the repository root.
 * @returns files sorted by path, and those skipped with the reason.
 */
export async function listRepositoryFiles(
  root: string,
  {
    maxFileBytes = DEFAULT_MAX_FILE_BYTES,
    maxCodeFileBytes = DEFAULT_MAX_CODE_FILE_BYTES,
    under = '',
    includeBuildOutput = false,
    maxFiles = DEFAULT_MAX_FILES,
  }: ListFilesOptions = {},
): Promise<ListedFiles> {
  const isIgnored = await loadGitignore(root);
  const prefix = under && under !== '.' ? `${under.replace(/\/+$/, '')}/` : '';
  // Folders too (they end with `/`): the walk passes over a folder it cannot open in silence.
  const entries = await glob(`${prefix}**/*`, {
    cwd: root,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    ignore: VENDORED_DIRS.map((dir) => `**/${dir}/**`),
  });
  const paths = entries.filter((entry) => !entry.endsWith('/'));
  const kept = paths.filter((file) => !isIgnored(file)).sort();
  const generated = generatedBuildFolders(kept, readPackageName(root));
  const isGenerated = (file: string) => {
    const folder = buildFolderOf(file);
    return folder !== null && generated.has(folder);
  };
  const result: ListedFiles = { files: [], skipped: [] };
  const candidates: string[] = [];
  const buildOutput: string[] = [];
  for (const file of kept) {
    const generatedFile = isGenerated(file);
    if (generatedFile) buildOutput.push(file);
    if (!includeBuildOutput && generatedFile) {
      result.skipped.push({ path: file, reason: 'generated' });
    } else {
      candidates.push(file);
    }
  }
  if (includeBuildOutput) result.buildOutput = buildOutput;
  const { kept: capped, dropped } = capFileCount(candidates, maxFiles);
  if (dropped.length > 0) {
    result.capped = { found: candidates.length, maxFiles };
    for (const file of dropped) result.skipped.push({ path: file, reason: 'file-cap' });
  }
  // Folders listed but not entered (`chmod 444`): their files are there, their sizes unknown.
  const unenterable = new Set<string>();
  // stat in batches: one at a time costs ~10× more on a 2,000-file repository.
  for (let start = 0; start < capped.length; start += STAT_BATCH) {
    const batch = capped.slice(start, start + STAT_BATCH);
    const infos = await Promise.all(
      batch.map((file) =>
        stat(path.join(root, file)).catch((error: unknown) =>
          isPermissionError(error)
            ? ('refused' as const)
            : file.includes('\uFFFD')
              ? ('not-utf8' as const)
              : null,
        ),
      ),
    );
    batch.forEach((file, position) => {
      const info = infos[position];
      // Listed by a folder that can be read but not entered (`chmod 444`; fresh-user trial 25:
      // four files dropped in silence). What needs its permission changed is the folder (a+x,
      // not the files' a+r: trial 25's re-check), so the folder is what is named.
      if (info === 'refused') unenterable.add(unenterableFolder(file));
      // Fresh-user trial 30: a Latin-1 name left its file out of the map without a word.
      if (info === 'not-utf8') result.skipped.push({ path: file, reason: 'name-not-utf8' });
      if (!info || info === 'refused' || info === 'not-utf8' || !info.isFile()) return;
      const cap = fileByteCap(file, { maxFileBytes, maxCodeFileBytes });
      if (info.nlink > 1) {
        // A hard link may be a file outside the repository: never read, like a secret.
        result.skipped.push({ path: file, reason: 'secret' });
      } else if (info.size > cap) {
        result.skipped.push({ path: file, reason: 'too-large' });
      } else {
        result.files.push({
          path: file,
          size: info.size,
          mtimeMs: info.mtimeMs,
          ctimeMs: info.ctimeMs,
        });
      }
    });
  }
  for (const folder of [...unenterable, ...(await unreadableFolders(root, entries, isIgnored))]) {
    result.skipped.push({ path: folder, reason: 'unreadable' });
  }
  result.skipped.sort(byPath);
  return result;
}

/**
 * The folder to name for a file whose `stat` was refused: its own folder, which was listed (so
 * readable) but cannot be entered; a folder above it that cannot be entered would have hidden it
 * from the walk. A file at the top is named itself (the repository's own folder is checked
 * before the walk).
 * @param file repository-relative path.
 * @returns the folder's path ending with `/`, or `file`.
 */
function unenterableFolder(file: string): string {
  const folder = path.posix.dirname(file);
  return folder === '.' ? file : `${folder}/`;
}

/**
 * The folders of a walk that could not be opened: listed by their parent, with nothing listed
 * under them, and refused by `readdir` for permissions (an empty folder is read fine).
 * @param root absolute path the entries are relative to.
 * @param entries the walk's files and folders (folders end with `/`).
 * @param isIgnored whether `.gitignore` leaves a path out (those are not reported).
 * @param readFolder reads a folder (absolute path). Default `readdir`.
 * @returns their paths (ending with `/`), sorted; ignored and vendored ones left out.
 */
export async function unreadableFolders(
  root: string,
  entries: readonly string[],
  isIgnored: (relativePath: string) => boolean,
  readFolder: (folder: string) => Promise<unknown> = readdir,
): Promise<string[]> {
  const parents = new Set<string>();
  for (const entry of entries) {
    const parent = path.posix.dirname(entry.replace(/\/$/, ''));
    if (parent !== '.') parents.add(`${parent}/`);
  }
  const leaves = entries.filter(
    (entry) =>
      entry.endsWith('/') &&
      !parents.has(entry) &&
      !isIgnored(entry) &&
      !VENDORED_DIRS.includes(path.posix.basename(entry)),
  );
  const refused = await Promise.all(
    leaves.map((folder) =>
      readFolder(path.join(root, folder.slice(0, -1))).then(() => false, isPermissionError),
    ),
  );
  return leaves.filter((_, position) => refused[position]).sort();
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * A listing made with `includeBuildOutput` as it would be without: build output moved from the
 * files to the skipped ones (`generated`), so one walk serves both.
 * @param listed the result of {@link listRepositoryFiles}; returned as is without `buildOutput`.
 */
export function withoutBuildOutput(listed: ListedFiles): ListedFiles {
  if (!listed.buildOutput) return listed;
  const generated = new Set(listed.buildOutput);
  return {
    ...(listed.capped ? { capped: listed.capped } : {}),
    files: listed.files.filter((file) => !generated.has(file.path)),
    skipped: [
      ...listed.skipped.filter((file) => !generated.has(file.path)),
      ...listed.buildOutput.map((file) => ({ path: file, reason: 'generated' as const })),
    ].sort(byPath),
  };
}
