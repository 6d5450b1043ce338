/**
 * Maps stack-frame file names to files of the repository under investigation. A frame's path is
 * whatever the runtime printed (`file:///home/user/project/node_modules/axios/lib/x.js`,
 * `webpack:///./src/x.ts`, `C:\app\src\x.cs`, a bundled `dist/app.js`); the repository only knows
 * relative paths. Matching is by the longest common suffix of path segments, after removing URL
 * schemes and, inside `node_modules`, everything up to this repository's own package name. Frames
 * inside other packages' `node_modules`, and runtime frames (`node:internal/…`), are not in-app.
 */
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { RepositoryIndex } from '@sightline/codebase';
import { findDefinitions } from '@sightline/codebase';
import { type Frame, withoutQueryAndFragment } from '@sightline/intake';
import {
  isIndexedBundle,
  sourceOfBundleLine,
  twinLineOf,
  twinOfUnindexed,
} from './generated-frames.js';
import { mapThroughSourceMap } from './source-maps.js';
import { indexedTwinsOf, isBuildOutput } from './twins.js';

/** A frame resolved to a repository file. */
export interface MappedFrame {
  /** Repository-relative path of an indexed file. */
  path: string;
  /** 1-based line in that file, when the frame had one. */
  line?: number;
  /**
   * How the frame was resolved: its path, a source map, the source line a bundle's line copies,
   * the indexed twin of a copy the index left out, or (for a frame in a bundle without either) the
   * definition its function name names.
   */
  via: 'path' | 'source-map' | 'bundle-line' | 'twin' | 'symbol';
}

const C_HEADER = /\.(?:h|hh|hpp|hxx|h\+\+)$/;

/** A bundle frame's function name is trusted when at most this many files define it. */
const SYMBOL_MATCH_FILES = 2;

/**
 * `text` without a trailing V8 method alias (`A.b [as c]`): what
 * `.replace(/\s*\[as [^\]]*\]$/, '')` gives, in linear time (the pattern read from every space of
 * a long run to the end). The alias is the first `[as ` after the last `]` but the final one.
 */
function withoutMethodAlias(text: string): string {
  if (text.length < 5 || !text.endsWith(']')) return text;
  const at = text.indexOf('[as ', text.lastIndexOf(']', text.length - 2) + 1);
  if (at === -1 || at + 4 >= text.length) return text;
  let start = at;
  while (start > 0 && /\s/.test(text.charAt(start - 1))) start--;
  return text.slice(0, start);
}

/** Names worth looking up for a frame's function, most specific first (`A.b [as c]` → `A.b`, `b`). */
function functionCandidates(name: string | undefined): string[] {
  const cleaned =
    name === undefined
      ? undefined
      : withoutMethodAlias(name)
          .replace(/^(async|new)\s+/, '')
          .replace(/^(Object|Module|exports|module\.exports)\./, '')
          .trim();
  if (!cleaned || /[<>()\s]/.test(cleaned)) return [];
  const last = cleaned.split('.').at(-1) ?? cleaned;
  return [...new Set([cleaned, last])].filter((candidate) => candidate.length > 1);
}

/**
 * Resolves a frame by its function name (a bundle's with no source map, a native frame with a
 * symbol and no source): the definition of that name in the indexed sources, when at most
 * {@link SYMBOL_MATCH_FILES} files define it.
 */
function mapBySymbol(index: RepositoryIndex, functionName: string | undefined): MappedFrame | null {
  for (const candidate of functionCandidates(functionName)) {
    const named = findDefinitions(index, candidate).filter(
      (definition) => definition.name === candidate.split('.').at(-1),
    );
    // A C or C++ header's prototype is no definition when a source file has the body (trial 33:
    // `queue_pop` was placed at its line in queue.h).
    const bodies = named.filter((definition) => !C_HEADER.test(definition.path));
    const definitions = bodies.length > 0 ? bodies : named;
    const files = new Set(definitions.map((definition) => definition.path));
    // Of two candidates, the file named after the function (`html_block.mjs`) is the likelier home.
    const stem = (file: string) => path.posix.basename(file).replace(/\.[^.]+$/, '');
    const name = candidate.split('.').at(-1);
    const [first] = [...definitions].sort(
      (a, b) => Number(stem(b.path) === name) - Number(stem(a.path) === name),
    );
    if (first && files.size <= SYMBOL_MATCH_FILES) {
      return { path: first.path, line: first.lines[0], via: 'symbol' };
    }
  }
  return null;
}

const RUNTIME_FRAME = /^(node:|internal\/|native\b|<anonymous>|\[native code\]|wasm:\/\/)/;

/**
 * Cleans a frame's file name into path segments: URL scheme, host, query and line suffix removed,
 * `\` turned into `/`, and, inside `node_modules`, the prefix up to this repository's package
 * removed.
 * @param file the frame's file as printed.
 * @param packageName this repository's package name; frames inside any other package's
 *   `node_modules` folder are rejected.
 * @returns the path segments, or `null` for runtime frames and other packages' code.
 */
export function framePathSegments(file: string, packageName?: string): string[] | null {
  let cleaned = file.trim();
  if (RUNTIME_FRAME.test(cleaned)) return null;
  cleaned = cleaned
    .replace(/^file:\/\//i, '')
    .replace(/^webpack(-internal)?:\/\/\/?(\([^)]*\)\/)?/i, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  cleaned = withoutQueryAndFragment(cleaned)
    .replace(/:\d+(:\d+)?$/, '')
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:\//, '/');
  const segments = cleaned.split('/').filter((part) => part !== '' && part !== '.');
  const lastModules = segments.lastIndexOf('node_modules');
  if (lastModules === -1) return segments;
  const rest = segments.slice(lastModules + 1);
  const owner = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
  if (!packageName || owner !== packageName) return null;
  return rest.slice(owner.split('/').length);
}

function commonSuffixLength(a: string[], b: string[]): number {
  let length = 0;
  while (
    length < a.length &&
    length < b.length &&
    a[a.length - 1 - length] === b[b.length - 1 - length]
  ) {
    length += 1;
  }
  return length;
}

/** Repository files by file name, each as its path segments: what frames are resolved against. */
export interface FrameFileLookup {
  byName: Map<string, string[][]>;
  /** Name of the repository's root folder (a frame `/x/<root name>/index.js` is its `index.js`). */
  rootName?: string;
  /** Whether the file at a repository path defines a name (the index's definitions). */
  defines?: (path: string, name: string) => boolean;
}

/**
 * Builds the lookup {@link resolveFramePath} searches.
 * @param files repository-relative paths (`/` separators).
 * @param rootName the repository folder's own name. Default none.
 */
export function frameFileLookup(files: Iterable<string>, rootName?: string): FrameFileLookup {
  const byName = new Map<string, string[][]>();
  for (const file of [...files].sort()) {
    const segments = file.split('/');
    const name = segments.at(-1) ?? file;
    byName.set(name, [...(byName.get(name) ?? []), segments]);
  }
  return { byName, ...(rootName ? { rootName } : {}) };
}

const indexLookups = new WeakMap<RepositoryIndex, FrameFileLookup>();

/** The lookup of an index's files, built once per index. */
export function indexFileLookup(index: RepositoryIndex): FrameFileLookup {
  let lookup = indexLookups.get(index);
  if (!lookup) {
    lookup = {
      ...frameFileLookup(index.files.keys(), path.basename(index.root)),
      defines: (file, name) =>
        index.files.get(file)?.definitions.some((definition) => definition.name === name) ?? false,
    };
    indexLookups.set(index, lookup);
  }
  return lookup;
}

/**
 * The one frame-to-file resolver: the repository file whose path shares the longest suffix of
 * segments with the frame's path. Of files tied on that length, one whose whole path is a suffix
 * of the frame's wins; otherwise a tie is ambiguous. A match of the file name alone counts only
 * when the frame gives nothing more, or when the file sits at the root and either the frame's
 * folder has the repository folder's name or the file defines the frame's function: an app
 * deployed as `/app/server.js` or `/srv/shop/main.py` (a container's or a server's folder) whose
 * frame runs `handler` in the root `server.js` that defines `handler` (fresh-user trial 41).
 * `/usr/lib/node/index.js` running `Module._load` is not this repository's `index.js`.
 * @param lookup the repository's files, from {@link frameFileLookup}.
 * @param segments the frame path's segments, from {@link framePathSegments}.
 * @param functionName the frame's function as the trace names it (`Object.handler`,
 *   `module.exports [as parse]`); any identifier of it may be the one the file defines.
 * @returns the repository-relative path, or `null` when no file matches or the match is ambiguous.
 */
export function resolveFramePath(
  lookup: FrameFileLookup,
  segments: string[],
  functionName?: string,
): string | null {
  const candidates = lookup.byName.get(segments.at(-1) ?? '') ?? [];
  let best: string[][] = [];
  let bestLength = 0;
  for (const candidate of candidates) {
    const length = commonSuffixLength(candidate, segments);
    if (length > bestLength) [best, bestLength] = [[candidate], length];
    else if (length === bestLength) best.push(candidate);
  }
  const whole = best.filter((candidate) => candidate.length === bestLength);
  const [match] = best.length === 1 ? best : whole.length === 1 ? whole : [];
  if (!match) return null;
  const frameFolder = segments[segments.length - 1 - bestLength];
  const atRoot = match.length === bestLength;
  const file = match.join('/');
  const confirmed =
    bestLength >= 2 ||
    bestLength === segments.length ||
    (atRoot && frameFolder === lookup.rootName) ||
    (atRoot && definesAny(lookup, file, functionName));
  return confirmed ? file : null;
}

/** Whether `file` defines one of the identifiers of a frame's function name. */
function definesAny(lookup: FrameFileLookup, file: string, functionName: string | undefined) {
  if (!functionName || !lookup.defines) return false;
  const defines = lookup.defines;
  return (functionName.match(/[A-Za-z_$][\w$]*/g) ?? []).some((name) => defines(file, name));
}

/**
 * The segments a frame is looked up by, in order: for a JVM frame (`MyServlet.java` in class
 * `com.example.MyServlet`) its package path first, `com/example/MyServlet.java`; then its cleaned
 * file path (see {@link framePathSegments}).
 * @returns the readings; none when the frame has no file or is not this repository's code.
 */
export function frameSegments(frame: Frame, packageName?: string): string[][] {
  if (!frame.file) return [];
  const segments = framePathSegments(frame.file, packageName);
  const readings = segments && segments.length > 0 ? [segments] : [];
  if (!/[/\\]/.test(frame.file) && frame.module?.includes('.')) {
    readings.unshift([...frame.module.split('.').slice(0, -1), frame.file]);
  }
  return readings;
}

/**
 * Resolves a frame against a repository's files with {@link resolveFramePath}, trying each of
 * its {@link frameSegments} readings in turn.
 * @returns the repository-relative path; `null` when it is not a repository file; `undefined` when
 *   the frame has no file to go by (a native address).
 */
export function resolveFrame(
  lookup: FrameFileLookup,
  frame: Frame,
  packageName?: string,
): string | null | undefined {
  if (!frame.file) return undefined;
  for (const segments of frameSegments(frame, packageName)) {
    const resolved = resolveFramePath(lookup, segments, frame.function);
    if (resolved) return resolved;
  }
  return null;
}

/** The longest suffix of `segments` that exists as a file under `root`, as segments. */
function onDisk(root: string, segments: string[]): FrameFileLookup {
  for (let start = 0; start < segments.length; start += 1) {
    const relative = segments.slice(start).join('/');
    if (existsSync(path.join(root, relative)))
      return frameFileLookup([relative], path.basename(root));
  }
  return frameFileLookup([]);
}

/** What {@link linkedFile} says of a link that leads out of the repository. */
const OUTSIDE = Symbol('outside the repository');

/**
 * The indexed file a path of the repository links to, when the path is a symbolic link (a script
 * linked into `bin/` or the root under its command's name, run as `./archive`: trial 49's Python
 * trace named it, and its frames were matched by function name to other files). The index lists
 * no link (it never follows one).
 * @param index - the repository index.
 * @param relative - a repository-relative path that exists on disk.
 * @returns the repository-relative path of the indexed file it resolves to; {@link OUTSIDE} when
 *   it is a link that leads out of the repository; else `null`.
 */
function linkedFile(index: RepositoryIndex, relative: string): string | typeof OUTSIDE | null {
  try {
    const at = path.join(index.root, relative);
    if (!lstatSync(at).isSymbolicLink()) return null;
    const target = path.relative(realpathSync(index.root), realpathSync(at));
    const posix = target.split(path.sep).join('/');
    if (posix === '..' || posix.startsWith('../') || path.isAbsolute(target)) return OUTSIDE;
    return index.files.has(posix) ? posix : null;
  } catch {
    // A dangling link, or one that loops.
    return null;
  }
}

/** Source files a JVM class is compiled from: Java, Kotlin, Scala, Groovy, Clojure. */
const CLASS_SOURCE_EXTENSIONS = ['java', 'kt', 'scala', 'groovy', 'clj'];

/**
 * The indexed source file of a frame's JVM class when the trace printed no file
 * (`at com.x.Parser.parse(Unknown Source)`, a stripped or R8-processed build): the package path
 * and the outer class's name with a JVM language's extension (`com/x/Parser.java`; Kotlin's
 * `UtilsKt` is `Utils.kt`), resolved by {@link resolveFramePath}.
 * @param module the frame's class, `com.x.Parser$Inner`; anything not a dotted name gives none.
 * @returns the repository-relative path, or `null`.
 */
function classSourceFile(index: RepositoryIndex, module: string | undefined): string | null {
  if (!module || !/^[\w$]+(?:\.[\w$]+)+$/.test(module)) return null;
  const parts = module.split('.');
  const outer = (parts.pop() ?? '').split('$')[0] ?? '';
  const names = outer.endsWith('Kt') && outer.length > 2 ? [outer, outer.slice(0, -2)] : [outer];
  const lookup = indexFileLookup(index);
  for (const name of names.filter((candidate) => candidate !== '')) {
    for (const extension of CLASS_SOURCE_EXTENSIONS) {
      const resolved = resolveFramePath(lookup, [...parts, `${name}.${extension}`]);
      if (resolved) return resolved;
    }
  }
  return null;
}

/**
 * Resolves a stack frame to an indexed repository file by the longest suffix of its path. A frame
 * into a bundle is traced to the source line the bundle copies (or the function it names); a
 * frame into a file on disk that the index left out (build output, a minified copy) goes through
 * its source map, the source line it copies, its indexed twin, or the definition its function
 * name names. A shorter indexed file that merely shares the name is never taken for it. A frame
 * with no file goes to its JVM class's source file, or (a native symbol from a stripped build) to
 * the definition its function names when intake judged it in-app.
 * @param index the repository index (bundles are looked up on disk under `index.root`).
 * @param frame the frame; its `repoPath` (set by `markInAppFrames`) is used when indexed, its
 *   `inApp` flag is ignored when it has a file (intake alone cannot know this repository).
 * @param options.packageName this repository's package name (see {@link framePathSegments}).
 * @returns the mapped frame, or `null` when it is not this repository's code.
 */
export function mapFrame(
  index: RepositoryIndex,
  frame: Frame,
  { packageName }: { packageName?: string } = {},
): MappedFrame | null {
  const line = frame.line ? { line: frame.line } : {};
  if (!frame.file) {
    const classFile = classSourceFile(index, frame.module);
    if (classFile)
      return { path: classFile, ...symbolLine(index, classFile, frame.function), via: 'path' };
    // A native frame with a symbol and no source (a stripped build, `backtrace_symbols`).
    return frame.inApp ? mapBySymbol(index, frame.function) : null;
  }
  if (frame.repoPath && index.files.has(frame.repoPath)) {
    return (
      bundleSource(index, frame.repoPath, frame) ?? { path: frame.repoPath, ...line, via: 'path' }
    );
  }
  const direct = resolveFrame(indexFileLookup(index), frame, packageName);
  const segments = framePathSegments(frame.file ?? '', packageName);
  // The longest suffix of the frame's path decides: when it names a file on disk that the index
  // left out (build output, a minified copy), a shorter indexed file with the same name is not it.
  const unindexed = segments?.length
    ? resolveFramePath(onDisk(index.root, segments), segments)
    : null;
  const deeper =
    unindexed !== null && unindexed !== direct && depth(unindexed) > (direct ? depth(direct) : 0);
  if (direct && !deeper) {
    return bundleSource(index, direct, frame) ?? { path: direct, ...line, via: 'path' };
  }
  if (!unindexed) return compiledTwin(index, segments, frame.function);
  const linked = linkedFile(index, unindexed);
  // A link out of the repository is no code of it: not read through, not matched by name.
  if (linked === OUTSIDE) return null;
  if (linked) return { path: linked, ...line, via: 'path' };
  if (frame.line) {
    const original = mapThroughSourceMap(
      path.join(index.root, unindexed),
      frame.line,
      frame.column,
    );
    const mapped = original
      ? resolveFramePath(indexFileLookup(index), original.source.split('/').filter(Boolean))
      : null;
    if (original && mapped) return { path: mapped, line: original.line, via: 'source-map' };
    const copied = sourceOfBundleLine(index, unindexed, frame.line);
    if (copied) return { ...copied, via: 'bundle-line' };
  }
  const twin = twinOfUnindexed(index, unindexed);
  if (twin) return { path: twin, ...compiledLine(index, unindexed, frame, twin), via: 'twin' };
  return mapBySymbol(index, frame.function);
}

/**
 * A frame into build output that is not in the tree at all (a repository that does not commit its
 * `dist/`, reported from a user's `node_modules/<package>/dist/esm/utils/x.js` with no source map):
 * the source file it was compiled from, the indexed file of the same module path (`src/utils/x.ts`,
 * see `twinKey`). Only for paths in a build-output folder: any other missing file is not this code.
 */
function compiledTwin(
  index: RepositoryIndex,
  segments: string[] | null,
  functionName: string | undefined,
): MappedFrame | null {
  if (!segments?.length) return null;
  // Each suffix of the printed path, longest first: `home/u/app/dist/x.js` … `dist/x.js`.
  for (let start = 0; start < segments.length - 1; start += 1) {
    const candidate = segments.slice(start).join('/');
    if (!isBuildOutput(candidate)) break;
    const [twin] = indexedTwinsOf(index, candidate);
    if (twin) return { path: twin, ...symbolLine(index, twin, functionName), via: 'twin' };
  }
  return null;
}

function depth(file: string): number {
  return file.split('/').length;
}

/** A frame into an indexed bundle, traced to the source line it copies or the function it names. */
function bundleSource(index: RepositoryIndex, file: string, frame: Frame): MappedFrame | null {
  if (!frame.line || !isIndexedBundle(index, file)) return null;
  const copied = sourceOfBundleLine(index, file, frame.line);
  if (copied) return { ...copied, via: 'bundle-line' };
  const named = mapBySymbol(index, frame.function);
  return named && named.path !== file ? named : null;
}

/** The definition a frame's function names inside `file`, if it defines it. */
function namedDefinition(index: RepositoryIndex, file: string, functionName: string | undefined) {
  const names = functionCandidates(functionName).map((name) => name.split('.').at(-1));
  return index.files.get(file)?.definitions.find((candidate) => names.includes(candidate.name));
}

/** The line of the definition a frame's function names inside `file`, if it defines it. */
function symbolLine(index: RepositoryIndex, file: string, functionName: string | undefined) {
  const definition = namedDefinition(index, file, functionName);
  return definition ? { line: definition.lines[0] } : {};
}

/**
 * The twin's line of a frame into a compiled copy on disk: the line the copy's line was compiled
 * from, inside the function the frame names when the twin defines it (`twinLineOf`); else the
 * line of that definition (fresh-user trial 44: the frame's own statement was known, yet the
 * signature line was named as where the error was raised).
 */
function compiledLine(index: RepositoryIndex, copy: string, frame: Frame, twin: string) {
  const definition = namedDefinition(index, twin, frame.function);
  const line = frame.line && twinLineOf(index, copy, frame.line, twin, definition?.lines);
  if (line) return { line };
  return definition ? { line: definition.lines[0] } : {};
}
