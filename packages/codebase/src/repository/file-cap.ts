/**
 * The file-count cap of a repository walk: an enormous repository (a monorepo with 90,000 files,
 * a home folder by mistake) is indexed up to a fixed number of files instead of until memory runs
 * out, with source code kept before everything else.
 */
import { languageForPath } from './languages.js';

/**
 * Most files a walk keeps, by default. A guard against running out of memory rather than a
 * measured limit: indexing keeps every file's definitions and references in memory, and
 * real repositories that Sightline is meant for (an application, a package) hold far fewer.
 */
export const DEFAULT_MAX_FILES = 20_000;

/** What {@link capFileCount} kept and left out. */
export interface CappedFiles {
  /** Paths kept, in their original order. */
  kept: string[];
  /** Paths left out (the cap was reached). */
  dropped: string[];
}

/**
 * Keeps at most `maxFiles` paths: files in a language the index parses first, then the others,
 * each in their original (path) order.
 * @param paths - repository-relative paths, sorted.
 * @param maxFiles - most paths kept; a whole number ≥ 1.
 * @returns the paths kept (in the original order) and those dropped.
 */
export function capFileCount(paths: string[], maxFiles: number): CappedFiles {
  if (paths.length <= maxFiles) return { kept: paths, dropped: [] };
  const code = paths.filter((file) => languageForPath(file) !== null);
  const chosen = new Set(
    [...code, ...paths.filter((file) => languageForPath(file) === null)].slice(0, maxFiles),
  );
  return {
    kept: paths.filter((file) => chosen.has(file)),
    dropped: paths.filter((file) => !chosen.has(file)),
  };
}

/**
 * The warning for a capped walk.
 * @param found - files the walk found (after .gitignore, vendored folders and build output).
 * @param maxFiles - the cap.
 * @returns one sentence, without a trailing newline.
 */
export function fileCapWarning(found: number, maxFiles: number): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return `the repository has ${count(found)} files; only ${count(maxFiles)} were indexed (source code first), the rest are left out. Point it at the part of the repository the report is about, or add folders to .gitignore.`;
}
