/**
 * Walks a repository the way a developer sees it: `.gitignore` honoured (nested files too),
 * vendored folders and build output left out, symlinks never followed, large files skipped.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { glob } from 'tinyglobby';
import { languageForPath } from './languages.js';

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

/**
 * Folders that usually hold build output; skipped when the repository has source elsewhere.
 * `bin/` is not among them: in JavaScript packages it holds the command-line entry points (source),
 * and compiled binaries elsewhere are skipped as binary files anyway.
 */
export const BUILD_OUTPUT_DIRS = ['dist', 'build', 'out', 'lib-cov', 'target', 'obj'];

/** Options of {@link listRepositoryFiles}. */
export interface ListFilesOptions {
  /** Files larger than this are skipped, in bytes. Default 1 MiB. */
  maxFileBytes?: number;
  /** Only list under this repository-relative folder. Default the whole repository. */
  under?: string;
  /** Keep build-output folders (dist/, build/, …) even when source exists elsewhere. Default false. */
  includeBuildOutput?: boolean;
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
  skipped: { path: string; reason: 'too-large' | 'generated' | 'secret' }[];
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

/**
 * Lists the files of a repository worth indexing or showing.
 * @param root absolute real path of the repository root.
 * @returns files sorted by path, and those skipped with the reason.
 */
export async function listRepositoryFiles(
  root: string,
  { maxFileBytes = 1_048_576, under = '', includeBuildOutput = false }: ListFilesOptions = {},
): Promise<ListedFiles> {
  const isIgnored = await loadGitignore(root);
  const prefix = under && under !== '.' ? `${under.replace(/\/+$/, '')}/` : '';
  const paths = await glob(`${prefix}**/*`, {
    cwd: root,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: VENDORED_DIRS.map((dir) => `**/${dir}/**`),
  });
  const kept = paths.filter((file) => !isIgnored(file)).sort();
  const inBuildOutput = (file: string) =>
    file
      .split('/')
      .slice(0, -1)
      .some((part) => BUILD_OUTPUT_DIRS.includes(part));
  const hasSourceOutsideBuild = kept.some(
    (file) => languageForPath(file) !== null && !inBuildOutput(file),
  );
  const result: ListedFiles = { files: [], skipped: [] };
  const candidates: string[] = [];
  const buildOutput: string[] = [];
  for (const file of kept) {
    const generated = hasSourceOutsideBuild && inBuildOutput(file);
    if (generated) buildOutput.push(file);
    if (!includeBuildOutput && generated) {
      result.skipped.push({ path: file, reason: 'generated' });
    } else {
      candidates.push(file);
    }
  }
  if (includeBuildOutput) result.buildOutput = buildOutput;
  // stat in batches: one at a time costs ~10× more on a 2,000-file repository.
  for (let start = 0; start < candidates.length; start += STAT_BATCH) {
    const batch = candidates.slice(start, start + STAT_BATCH);
    const infos = await Promise.all(
      batch.map((file) => stat(path.join(root, file)).catch(() => null)),
    );
    batch.forEach((file, position) => {
      const info = infos[position];
      if (!info?.isFile()) return;
      if (info.nlink > 1) {
        // A hard link may be a file outside the repository: never read, like a secret.
        result.skipped.push({ path: file, reason: 'secret' });
      } else if (info.size > maxFileBytes) {
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
  result.skipped.sort(byPath);
  return result;
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
    files: listed.files.filter((file) => !generated.has(file.path)),
    skipped: [
      ...listed.skipped.filter((file) => !generated.has(file.path)),
      ...listed.buildOutput.map((file) => ({ path: file, reason: 'generated' as const })),
    ].sort(byPath),
  };
}
