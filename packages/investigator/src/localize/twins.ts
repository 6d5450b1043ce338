/**
 * Twins: several files holding one piece of code. A published JavaScript package ships the same
 * module as `x.js`, `x.mjs` and `x.cjs`, or as `dist/esm/x.js` and `dist/commonjs/x.js`
 * compiled from `src/x.ts`; a Go package has `util_unix.go` beside `util_windows.go`. A ranking
 * that lists each copy separately spends its slots on one suspect, so twins share one slot that
 * points at the file a person would edit (source before compiled output, readable before minified,
 * never a declaration file), with the others listed beside it. A declaration file (`x.d.ts`) is
 * grouped with its module too, but it holds only types: the suspect names it apart, never as a
 * twin ({@link isDeclaration}).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { platformStem } from '@sightline/codebase/internal';

/** Folders that hold a compiled or packaged copy of a module (their names say nothing of it). */
const COPY_FOLDERS = new Set([
  'dist',
  'build',
  'lib',
  'esm',
  'cjs',
  'commonjs',
  'es',
  'es6',
  'es2015',
  'module',
  'modules',
  'umd',
  'out',
  'src',
  'source',
  'distribution',
  'browser',
  'node',
]);
/** Folders whose files are generated from sources elsewhere. */
const OUTPUT_FOLDERS = new Set([
  'dist',
  'build',
  'esm',
  'cjs',
  'commonjs',
  'umd',
  'out',
  'distribution',
]);
const SCRIPT_EXTENSION = /(\.d)?(\.min)?\.(m|c)?(j|t)sx?$/;
const DECLARATION = /\.d\.(m|c)?ts$/;
const MINIFIED = /\.min\.(m|c)?js$/;

/**
 * The key twins share: the module path without extensions, copy folders and a trailing `index`
 * (`dist/esm/plugin/timezone/index.js` and `plugin/timezone.js` → `plugin/timezone`), or a Go file
 * without its platform suffix.
 * @param file - repository-relative path.
 * @returns the key, or `null` for a file that has no twins (another language, a Go file for every
 *   platform).
 */
export function twinKey(file: string): string | null {
  if (file.endsWith('.go')) {
    const stem = platformStem(file);
    return stem === file ? null : stem.replace(/\.go$/, '');
  }
  if (!SCRIPT_EXTENSION.test(file)) return null;
  const segments = file.replace(SCRIPT_EXTENSION, '').split('/');
  const kept = segments.filter((segment, position) =>
    position === segments.length - 1 ? true : !COPY_FOLDERS.has(segment),
  );
  if (kept.length > 1 && kept.at(-1) === 'index') kept.pop();
  return kept.join('/');
}

/**
 * Definition names shared by two files, over those of the smaller: 1 when neither defines
 * anything, 0 when only one does (a one-line re-export such as a root `index.cjs` holding
 * `module.exports = require('./build/index.cjs')` is not a copy of the code it points at).
 */
function nameOverlap(index: RepositoryIndex, a: string, b: string): number {
  const names = (file: string) =>
    new Set((index.files.get(file)?.definitions ?? []).map((definition) => definition.name));
  const [first, second] = [names(a), names(b)];
  if (first.size === 0 || second.size === 0) return first.size === second.size ? 1 : 0;
  let shared = 0;
  for (const name of first) if (second.has(name)) shared += 1;
  return shared / Math.min(first.size, second.size);
}

/** Two files with one twin key hold the same code when most of the smaller one's names recur. */
const SAME_CODE_OVERLAP = 0.5;

/**
 * Whether two files are copies of one piece of code: the same {@link twinKey} and, unless one is a
 * declaration or a Go platform variant, mostly the same definition names (`lib/index.js` and
 * `src/index.js` of two unrelated modules are not twins).
 * @param index - the repository index (for definition names).
 * @param a - repository-relative path.
 * @param b - repository-relative path.
 */
export function areTwins(index: RepositoryIndex, a: string, b: string): boolean {
  if (a === b) return false;
  const key = twinKey(a);
  if (key === null || key !== twinKey(b)) return false;
  if (DECLARATION.test(a) || DECLARATION.test(b) || a.endsWith('.go')) return true;
  return nameOverlap(index, a, b) >= SAME_CODE_OVERLAP;
}

/**
 * Whether a file is a TypeScript declaration file (`.d.ts`, `.d.mts`, `.d.cts`): it shares a
 * module's slot among suspects but holds only its types, so it is never called a twin.
 * @param file - a path.
 */
export function isDeclaration(file: string): boolean {
  return DECLARATION.test(file);
}

/** How far a file is from the one a person edits: lower is better. */
function editDistance(file: string): number {
  const folders = file.split('/').slice(0, -1);
  let cost = 0;
  if (DECLARATION.test(file)) cost += 8;
  if (MINIFIED.test(file)) cost += 4;
  if (folders.some((folder) => OUTPUT_FOLDERS.has(folder))) cost += 2;
  if (/\.(m|c)?js$/.test(file) && !folders.some((folder) => OUTPUT_FOLDERS.has(folder))) cost += 1;
  return cost;
}

/**
 * Of a group of twins, the file a person would edit: a source file before a compiled copy, a
 * readable copy before a minified one, anything before a declaration; ties keep the given order
 * (the caller passes the best-ranked first).
 * @param files - the twins, best-ranked first.
 * @returns the file to point at.
 */
export function editableTwin(files: readonly string[]): string {
  return [...files].sort((a, b) => editDistance(a) - editDistance(b))[0] ?? files[0] ?? '';
}

/**
 * Whether a path lies in a build-output folder (`dist/`, `build/`, `esm/`, `cjs/`, `out/`, …).
 * @param file - a path relative to the repository (or package) root.
 */
export function isBuildOutput(file: string): boolean {
  return file
    .split('/')
    .slice(0, -1)
    .some((folder) => OUTPUT_FOLDERS.has(folder));
}

/**
 * Indexed twins of a file that is not itself indexed (a minified build the walk skipped): the
 * indexed files with the same {@link twinKey}, most editable first.
 * @param index - the repository index.
 * @param file - repository-relative path of the unindexed file.
 */
export function indexedTwinsOf(index: RepositoryIndex, file: string): string[] {
  const key = twinKey(file);
  if (key === null) return [];
  const twins = [...index.files.keys()].filter((candidate) => twinKey(candidate) === key);
  return [...twins].sort(
    (a, b) => editDistance(a) - editDistance(b) || a.length - b.length || (a < b ? -1 : 1),
  );
}
