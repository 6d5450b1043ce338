/**
 * How much each file role keeps of its score in the localizer, and bundled copies of the
 * repository's own source, which are demoted like tests unless the report points into them.
 */
import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import type { FileRole } from '@sightline/codebase/internal';

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
export function isBundledCopy(file: IndexedFile, index: RepositoryIndex): boolean {
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
