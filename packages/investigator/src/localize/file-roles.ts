/**
 * File roles the localizer's ranking weighs apart from plain source: bundled copies of the
 * repository's own source, files that only declare types, and third-party assets. How much each
 * role costs is learned with the other features (`ranking-features.ts`).
 */
import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';

/** A bundle is at least this long, in lines, … */
const BUNDLE_MIN_LINES = 1_000;
/** … and holds copies of at least this many other files, … */
const BUNDLE_MIN_COPIES = 3;
/** … a copy being a file (of at least three names) whose names it defines for the most part, … */
const COPY_SHARED_NAMES = 0.8;
/**
 * … and the copies account for at least this share of its own names. A bundle is mostly made of
 * its sources; a hand-written single-file library (a 20,000-line `CommandLine.java`) that a few
 * helper modules or examples copied a nested class from is not.
 */
const BUNDLE_MIN_COVERAGE = 0.25;

/**
 * True when a file looks like a bundled copy of the repository's own source (`dist/x.js`,
 * a browser build at the root): long, defining most names of several other files, and made for a
 * good part of those copies. That is what a bundler's concatenation looks like; the fix belongs in
 * the originals. A sibling that merely mirrors one other file's API (a v2 next to a v1) is not a
 * bundle, nor is a long source file a few other files copied pieces of.
 * @param file the indexed file.
 * @param index the whole index.
 * @returns true for a bundled copy.
 */
export function isBundledCopy(file: IndexedFile, index: RepositoryIndex): boolean {
  if (file.lineCount < BUNDLE_MIN_LINES) return false;
  let known = bundles.get(index);
  if (!known) {
    known = new Map();
    bundles.set(index, known);
  }
  let verdict = known.get(file.path);
  if (verdict === undefined) {
    verdict = definesCopies(file, index);
    known.set(file.path, verdict);
  }
  return verdict;
}

/** Verdicts of {@link isBundledCopy}, per index (an index's files do not change). */
const bundles = new WeakMap<RepositoryIndex, Map<string, boolean>>();

function definesCopies(file: IndexedFile, index: RepositoryIndex): boolean {
  const names = new Set(file.definitions.map((definition) => definition.name));
  const copied = new Set<string>();
  let copies = 0;
  for (const other of namesPerFile(index)) {
    if (other.path === file.path) continue;
    const shared = other.names.filter((name) => names.has(name));
    if (shared.length / other.names.length < COPY_SHARED_NAMES) continue;
    copies += 1;
    for (const name of shared) copied.add(name);
    if (copies >= BUNDLE_MIN_COPIES && copied.size >= BUNDLE_MIN_COVERAGE * names.size) return true;
  }
  return false;
}

/** Kinds that declare a type and run no code themselves. */
const TYPE_KINDS = new Set(['interface', 'enum', 'type']);
/** Kinds that, on a single line, are a member's declaration without a body. */
const SIGNATURE_KINDS = new Set(['method', 'function', 'field', 'constant', 'variable', 'other']);

/**
 * True for a file that only declares types: interfaces, enums, type aliases and their one-line
 * members (an interface's method signatures, an enum's values), with no function body, no class.
 * Such a file holds no behaviour for a fix to change, yet it names the concepts of every report
 * about them (`IParserConfiguration` lists every option), so it is demoted like a declaration file.
 * @param file the indexed file.
 */
export function declaresOnlyTypes(file: IndexedFile): boolean {
  let types = 0;
  for (const { kind, lines } of file.definitions) {
    if (TYPE_KINDS.has(kind)) types += 1;
    else if (kind !== 'module' && !(SIGNATURE_KINDS.has(kind) && lines[0] === lines[1]))
      return false;
  }
  return types > 0;
}

/** Each file's distinct definition names (files with at least three), once per index. */
function namesPerFile(index: RepositoryIndex): { path: string; names: string[] }[] {
  let list = fileNames.get(index);
  if (!list) {
    list = [];
    for (const other of index.files.values()) {
      const names = [...new Set(other.definitions.map((definition) => definition.name))];
      if (names.length >= 3) list.push({ path: other.path, names });
    }
    fileNames.set(index, list);
  }
  return list;
}

const fileNames = new WeakMap<RepositoryIndex, { path: string; names: string[] }[]>();

/** Folders where web applications keep assets, third-party copies among them. */
const ASSET_FOLDER =
  /(^|\/)(static|assets|public|wwwroot|web|www|resources|vendor|vendors|third[-_]?party|external|libs?|js\/lib|plugins)\//i;
/**
 * A file name carrying a release number (`jquery-3.5.1.js`, `bootstrap.bundle.v5.min.js`). The
 * parts after the number (`([-._]\w+)*` once, which is exponential: `_` is both a separator and a
 * word character) are written so each character has one reading: a separator, then word
 * characters and `-`/`.` each followed by one.
 */
const VERSIONED_NAME = /[-._]v?\d+(?:\.\d+){1,3}(?:[-._]\w(?:\w|[-.]\w)*)?\.(?:m?js|css)$/i;
const MINIFIED_ASSET = /\.min\.(m?js|css)$/i;

/**
 * True for a third-party library copied into an application's assets: a versioned or minified
 * script under a folder like `static/` or `public/`. Such a copy defines hundreds of generic names
 * (`each`, `extend`, `init`) and must never win a ranking on a name match.
 * @param filePath repository-relative path.
 */
export function isThirdPartyAsset(filePath: string): boolean {
  return (
    ASSET_FOLDER.test(filePath) && (VERSIONED_NAME.test(filePath) || MINIFIED_ASSET.test(filePath))
  );
}
