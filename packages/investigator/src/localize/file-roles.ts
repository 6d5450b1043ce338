/**
 * Tells the code under test from the code around it. A bug report is almost always about
 * shipped source, so tests, fixtures, examples, benchmarks, documentation and type declarations
 * are demoted unless the report itself points into them.
 */
import type { IndexedFile, RepoIndex } from '../repomap/types.js';

/** What part a file plays in a repository. */
export type FileRole = 'source' | 'test' | 'auxiliary' | 'declaration' | 'bundle' | 'other';

const TEST_FOLDER = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testing|e2e)\//i;
const TEST_NAME =
  /\.(test|spec)\.[^/]+$|_(test|spec)\.[a-z]+$|(^|\/)test_[^/]+\.py$|[a-z0-9](Test|Tests|Spec)\.[a-z]+$/;
const AUXILIARY_FOLDER = /(^|\/)(fixtures?|__fixtures__|examples?|samples?|docs?)\//i;
const AUXILIARY_TOP_FOLDER = /^(benchmarks?|bench|scripts?|tools?)\//i;
const DECLARATION = /\.d\.[cm]?ts$/;

/**
 * Classifies a repository-relative path.
 * @param filePath repository-relative path with `/` separators.
 * @param language the index's language id (`null` when the file is not parsed code).
 * @returns `test` for test files and folders, `auxiliary` for fixtures, examples, benchmarks,
 *   docs and scripts, `declaration` for `.d.ts` files, `other` for files that are not code,
 *   else `source`.
 */
export function fileRole(filePath: string, language: string | null): FileRole {
  if (TEST_FOLDER.test(filePath) || TEST_NAME.test(filePath)) return 'test';
  if (AUXILIARY_FOLDER.test(filePath) || AUXILIARY_TOP_FOLDER.test(filePath)) return 'auxiliary';
  if (DECLARATION.test(filePath)) return 'declaration';
  return language === null ? 'other' : 'source';
}

/**
 * How much a file of each role keeps of its score. Sightline's own choice: tests and auxiliary
 * code rarely hold a reported defect (SWE-bench Lite gold patches never touch test files), but a
 * strong enough signal still surfaces them.
 */
export const ROLE_FACTORS: Readonly<Record<FileRole, number>> = {
  source: 1,
  test: 0.4,
  auxiliary: 0.5,
  declaration: 0.5,
  bundle: 0.3,
  other: 0.4,
};

/** A bundle is at least this long, in lines, … */
const BUNDLE_MIN_LINES = 1_000;
/** … and holds copies of at least this many other files, … */
const BUNDLE_MIN_COPIES = 3;
/** … a copy being a file (of at least three names) whose names it defines for the most part. */
const COPY_SHARED_NAMES = 0.8;

/**
 * True when a file looks like a bundled copy of the repository's own source (`dist/x.js`,
 * a browser build at the root): long, and defining most names of several other files. That is
 * what a bundler's concatenation looks like; the fix belongs in the originals. A sibling that
 * merely mirrors one other file's API (a v2 next to a v1) is not a bundle.
 * @param file the indexed file.
 * @param index the whole index.
 * @returns true for a bundled copy.
 */
export function isBundledCopy(file: IndexedFile, index: RepoIndex): boolean {
  if (file.lineCount < BUNDLE_MIN_LINES) return false;
  const names = new Set(file.definitions.map((definition) => definition.name));
  let copies = 0;
  for (const other of index.files.values()) {
    if (other.path === file.path) continue;
    const otherNames = new Set(other.definitions.map((definition) => definition.name));
    if (otherNames.size < 3) continue;
    const shared = [...otherNames].filter((name) => names.has(name)).length;
    if (shared / otherNames.size >= COPY_SHARED_NAMES) copies += 1;
    if (copies >= BUNDLE_MIN_COPIES) return true;
  }
  return false;
}
