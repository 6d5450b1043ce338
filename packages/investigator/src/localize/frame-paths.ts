/**
 * Maps stack-frame file names to files of the repository under investigation. A frame's path is
 * whatever the runtime printed (`file:///home/user/project/node_modules/axios/lib/x.js`,
 * `webpack:///./src/x.ts`, `C:\app\src\x.cs`, a bundled `dist/app.js`); the repository only knows
 * relative paths. Matching is by the longest common suffix of path segments, after removing URL
 * schemes and, inside `node_modules`, everything up to this repository's own package name. Frames
 * inside other packages' `node_modules`, and runtime frames (`node:internal/…`), are not in-app.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RepoIndex } from '@sightline/codebase';
import { findDefinitions } from '@sightline/codebase';
import type { Frame } from '@sightline/intake';
import { mapThroughSourceMap } from './source-maps.js';

/** A frame resolved to a repository file. */
export interface MappedFrame {
  /** Repository-relative path of an indexed file. */
  path: string;
  /** 1-based line in that file, when the frame had one. */
  line?: number;
  /**
   * How the frame was resolved: its path, a source map, or (for a frame in a bundle without one)
   * the definition its function name names.
   */
  via: 'path' | 'source-map' | 'symbol';
}

/** A bundle frame's function name is trusted when at most this many files define it. */
const SYMBOL_MATCH_FILES = 2;

/** Names worth looking up for a frame's function, most specific first (`A.b [as c]` → `A.b`, `b`). */
function functionCandidates(name: string | undefined): string[] {
  const cleaned = name
    ?.replace(/\s*\[as [^\]]*\]$/, '')
    .replace(/^(async|new)\s+/, '')
    .replace(/^(Object|Module|exports|module\.exports)\./, '')
    .trim();
  if (!cleaned || /[<>()\s]/.test(cleaned)) return [];
  const last = cleaned.split('.').at(-1) ?? cleaned;
  return [...new Set([cleaned, last])].filter((candidate) => candidate.length > 1);
}

/**
 * Resolves a frame inside a bundle with no source map by its function name: the definition of that
 * name in the indexed sources, when at most {@link SYMBOL_MATCH_FILES} files define it.
 */
function mapBySymbol(index: RepoIndex, functionName: string | undefined): MappedFrame | null {
  for (const candidate of functionCandidates(functionName)) {
    const definitions = findDefinitions(index, candidate).filter(
      (definition) => definition.name === candidate.split('.').at(-1),
    );
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
 * Reads the `name` of the repository's root `package.json`.
 * @param root absolute path of the repository root.
 * @returns the package name, or `undefined` when there is no readable manifest (never throws).
 */
export function readPackageName(root: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
    };
    return typeof manifest.name === 'string' ? manifest.name : undefined;
  } catch {
    return undefined;
  }
}

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
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/[?#].*$/, '')
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

const byBasename = new WeakMap<RepoIndex, Map<string, string[][]>>();

function basenameTable(index: RepoIndex): Map<string, string[][]> {
  let table = byBasename.get(index);
  if (!table) {
    table = new Map();
    for (const file of [...index.files.keys()].sort()) {
      const segments = file.split('/');
      const name = segments.at(-1) ?? file;
      table.set(name, [...(table.get(name) ?? []), segments]);
    }
    byBasename.set(index, table);
  }
  return table;
}

/**
 * Finds the indexed file whose path shares the longest suffix of segments with `segments`.
 * @param index the repository index.
 * @param segments the frame path's segments, from {@link framePathSegments}.
 * @returns the repository-relative path, or `null` when no file has the same name, the best
 *   suffix is shared by several files (ambiguous), or only the file name agrees while both paths
 *   name different folders.
 */
export function matchIndexedPath(index: RepoIndex, segments: string[]): string | null {
  const candidates = basenameTable(index).get(segments.at(-1) ?? '') ?? [];
  let best: string[] | null = null;
  let bestLength = 0;
  let tied = false;
  for (const candidate of candidates) {
    const length = commonSuffixLength(candidate, segments);
    if (length > bestLength) {
      [best, bestLength, tied] = [candidate, length, false];
    } else if (length === bestLength) {
      tied = true;
    }
  }
  if (!best || tied) return null;
  // A bare file-name match whose folders disagree (`bin/eslint.js` vs `lib/eslint/eslint.js`)
  // is a different file; a match is kept when one path is a suffix of the other, or when at
  // least a folder and the file name agree.
  const whole = bestLength === best.length || bestLength === segments.length;
  return whole || bestLength >= 2 ? best.join('/') : null;
}

/** The longest suffix of `segments` that exists as a file under `root`, as a relative path. */
function findOnDisk(root: string, segments: string[]): string | null {
  for (let start = 0; start < segments.length; start += 1) {
    const relative = segments.slice(start).join('/');
    if (existsSync(path.join(root, relative))) return relative;
  }
  return null;
}

/**
 * Resolves a stack frame to an indexed repository file: by path suffix, or, for a generated file
 * that exists in the repository but is not indexed (a bundle under `dist/`), through its source
 * map, or failing that by the definition its function name names.
 * @param index the repository index (bundles are looked up on disk under `index.root`).
 * @param frame the frame; its `repoPath` (set by `markInAppFrames`) is used when indexed, its
 *   `inApp` flag is ignored (intake alone cannot know this repository).
 * @param options.packageName this repository's package name (see {@link framePathSegments}).
 * @returns the mapped frame, or `null` when it is not this repository's code.
 */
export function mapFrame(
  index: RepoIndex,
  frame: Frame,
  { packageName }: { packageName?: string } = {},
): MappedFrame | null {
  if (frame.repoPath && index.files.has(frame.repoPath)) {
    return { path: frame.repoPath, ...(frame.line ? { line: frame.line } : {}), via: 'path' };
  }
  if (!frame.file) return null;
  const segments = framePathSegments(frame.file, packageName);
  if (!segments || segments.length === 0) return null;
  const direct = matchIndexedPath(index, segments);
  if (direct) return { path: direct, ...(frame.line ? { line: frame.line } : {}), via: 'path' };
  const generated = frame.line ? findOnDisk(index.root, segments) : null;
  if (!generated || !frame.line) return null;
  const original = mapThroughSourceMap(path.join(index.root, generated), frame.line, frame.column);
  const mapped = original
    ? matchIndexedPath(index, original.source.split('/').filter(Boolean))
    : null;
  if (original && mapped) return { path: mapped, line: original.line, via: 'source-map' };
  return mapBySymbol(index, frame.function);
}
