/**
 * Tells the code under test from the code around it. A bug report is almost always about
 * shipped source, so tests, fixtures, examples, benchmarks, documentation and type declarations
 * are demoted unless the report itself points into them.
 */
import type { IndexedFile } from '../repomap/types.js';

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
/** … defines at least this many distinct names … */
const BUNDLE_MIN_NAMES = 20;
/** … and at least this share of them is also defined in another file. */
const BUNDLE_SHARED_NAMES = 0.5;

/**
 * True when a file looks like a bundled copy of the repository's own source (`dist/x.js`,
 * a browser build at the root): long, and most of its names are defined elsewhere too. Such
 * copies are what a bundler concatenates; the fix belongs in the originals.
 * @param file the indexed file.
 * @param definers files defining each name, over the whole index.
 */
export function isBundledCopy(
  file: IndexedFile,
  definers: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  if (file.lineCount < BUNDLE_MIN_LINES) return false;
  const names = new Set(file.definitions.map((definition) => definition.name));
  if (names.size < BUNDLE_MIN_NAMES) return false;
  const shared = [...names].filter((name) => (definers.get(name)?.size ?? 0) > 1).length;
  return shared / names.size >= BUNDLE_SHARED_NAMES;
}
