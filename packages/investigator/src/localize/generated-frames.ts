/**
 * Frames into generated code: a bundle (`dist/bundle.js` concatenating the repository's modules)
 * or a compiled or minified copy the walk left out. Without a source map, such a frame is
 * resolved in two ways. An unminified bundle keeps its sources' lines verbatim, so the bundle's
 * line is looked up among the source files: when exactly one source holds it, that file and line
 * are the frame's. A copy left out of the index (a minified build) resolves to its indexed twin
 * (`plugin/timezone.js` → `esm/plugin/timezone/index.js`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RepositoryIndex } from '@sightline/codebase';
import { isBundledCopy } from './file-roles.js';
import { indexedTwinsOf } from './twins.js';

/** A bundle line shorter than this (trimmed) is too common to identify its source (`}`, `return x;`). */
const MIN_LINE_CHARS = 16;
/** Source files searched for a bundle line, at most (bigger repositories are not scanned). */
const MAX_CANDIDATES = 3_000;

const linesOf = new WeakMap<RepositoryIndex, Map<string, string[]>>();

function fileLines(index: RepositoryIndex, file: string): string[] {
  let cache = linesOf.get(index);
  if (!cache) {
    cache = new Map();
    linesOf.set(index, cache);
  }
  let lines = cache.get(file);
  if (!lines) {
    try {
      lines = readFileSync(path.join(index.root, file), 'utf8').split('\n');
    } catch {
      lines = [];
    }
    cache.set(file, lines);
  }
  return lines;
}

/**
 * Finds the source line a bundle's line was copied from.
 * @param index - the repository index.
 * @param bundle - repository-relative path of the bundle (indexed or not).
 * @param line - 1-based line in the bundle.
 * @returns the source file and 1-based line, or `null` when the line is too short or is found in
 *   no source or in several.
 */
export function sourceOfBundleLine(
  index: RepositoryIndex,
  bundle: string,
  line: number,
): { path: string; line: number } | null {
  const text = fileLines(index, bundle)[line - 1]?.trim() ?? '';
  if (text.length < MIN_LINE_CHARS) return null;
  const extension = path.posix.extname(bundle).replace(/^\.[mc]/, '.');
  const candidates = [...index.files.values()].filter(
    (file) =>
      file.path !== bundle &&
      file.language !== null &&
      path.posix.extname(file.path).replace(/^\.[mc]/, '.') === extension &&
      !isBundledCopy(file, index),
  );
  if (candidates.length > MAX_CANDIDATES) return null;
  const found: { path: string; line: number }[] = [];
  for (const file of candidates) {
    const lines = fileLines(index, file.path);
    const at = lines.findIndex((candidate) => candidate.trim() === text);
    if (at === -1) continue;
    found.push({ path: file.path, line: at + 1 });
    if (found.length > 1) return null;
  }
  return found[0] ?? null;
}

/**
 * Whether a frame's file is a bundle whose lines should be traced back to their sources.
 * @param index - the repository index.
 * @param file - repository-relative path of the frame's file.
 */
export function isIndexedBundle(index: RepositoryIndex, file: string): boolean {
  const indexed = index.files.get(file);
  return indexed !== undefined && isBundledCopy(indexed, index);
}

/**
 * The indexed twin of a frame's file that the walk left out (a minified copy), if there is one.
 * @param index - the repository index.
 * @param file - repository-relative path that exists on disk but is not indexed.
 * @returns the most editable twin, or `null`.
 */
export function twinOfUnindexed(index: RepositoryIndex, file: string): string | null {
  if (index.files.has(file)) return null;
  return indexedTwinsOf(index, file)[0] ?? null;
}

/** A line as compared across a compiled copy and its source: trimmed, runs of spaces as one, no final `;`. */
function statementText(line: string): string {
  return line.trim().replace(/\s+/g, ' ').replace(/;$/, '');
}

/**
 * A statement's tokens, for comparing a compiled line with its source when the compiler dropped
 * parts of it: names, numbers, string literals and single punctuation marks; `let` and `const`
 * count as `var` (what a compiler targeting ES5 writes for both).
 */
function statementTokens(text: string): string[] {
  return (
    text.match(
      /[A-Za-z_$][\w$]*|\d[\w.]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|\S/g,
    ) ?? []
  ).map((token) => (token === 'let' || token === 'const' ? 'var' : token));
}

/** Whether every token of `short` appears in `long` in the same order. */
function isSubsequence(short: readonly string[], long: readonly string[]): boolean {
  let at = 0;
  for (const token of long) if (token === short[at]) at += 1;
  return at === short.length;
}

/**
 * The only line of `lines[first..last]` (1-based, inclusive) that `matches`, or `null` when none
 * or several do.
 */
function onlyLine(
  lines: readonly string[],
  [first, last]: readonly [number, number],
  matches: (line: string, at: number) => boolean,
): number | null {
  let found: number | null = null;
  for (let at = first; at <= Math.min(last, lines.length); at++) {
    if (!matches(lines[at - 1] ?? '', at)) continue;
    if (found !== null) return null;
    found = at;
  }
  return found;
}

/**
 * The line of an indexed twin that a line of its compiled copy came from. The TypeScript compiler
 * and Babel keep a statement's text where they remove nothing from it (indentation and semicolons
 * may change), so the copy's line, compared as {@link statementText}, is looked up in the twin:
 * within `within` (the lines of the function the frame names) when given, else in the whole
 * file, and taken only when it is found exactly once. Where the compiler removed TypeScript's own
 * syntax (type annotations, `as` casts, non-null `!`, generic arguments, modifiers), the copy's
 * tokens are a subsequence of its source line's ({@link statementTokens}): when no line is equal,
 * the only line holding the copy's tokens in order is taken, else the first line of the only
 * statement over several lines that holds them ({@link statementStart}).
 * @param index - the repository index (files read from `index.root`).
 * @param copy - repository-relative path of the compiled copy, on disk but not indexed.
 * @param line - 1-based line in the copy.
 * @param twin - repository-relative path of its indexed twin.
 * @param within - 1-based inclusive line range of the twin to search, or undefined for all of it.
 * @returns the 1-based line in the twin, or `null` when the copy's line is shorter than a bundle
 *   line must be to identify its source, or is found nowhere or more than once.
 */
export function twinLineOf(
  index: RepositoryIndex,
  copy: string,
  line: number,
  twin: string,
  within?: readonly [number, number],
): number | null {
  const text = statementText(fileLines(index, copy)[line - 1] ?? '');
  if (text.length < MIN_LINE_CHARS) return null;
  const lines = fileLines(index, twin);
  const range = within ?? [1, lines.length];
  const equal = (candidate: string) => statementText(candidate) === text;
  if (lines.slice(range[0] - 1, range[1]).some(equal)) return onlyLine(lines, range, equal);
  const tokens = statementTokens(text);
  const inside = (candidate: readonly string[]) => isSubsequence(tokens, candidate);
  const lineTokens = lines.map((candidate, at) =>
    at + 1 < range[0] || at + 1 > range[1] ? [] : statementTokens(statementText(candidate)),
  );
  if (lineTokens.slice(range[0] - 1, range[1]).some(inside))
    return onlyLine(lines, range, (_, at) => inside(lineTokens[at - 1] ?? []));
  return statementStart(lineTokens, range, inside);
}

/** Source lines a compiled line may have been joined from, at most. */
const MAX_JOINED_LINES = 6;

/**
 * The first line of the only statement written over several source lines that the compiler
 * joined into one (a call whose arguments were on lines of their own): the least run of 2 to
 * {@link MAX_JOINED_LINES} consecutive lines whose tokens `holds`, and that no run starting a line
 * later holds too (trial 48: `entry.plugins!.filter(` and its callback on the next lines).
 * @param lineTokens - every line's tokens, 0-based.
 * @param range - 1-based inclusive lines to look in.
 * @param holds - whether joined tokens hold the compiled statement's.
 * @returns the run's 1-based first line, or `null` when none or several runs hold it.
 */
function statementStart(
  lineTokens: readonly (readonly string[])[],
  [first, last]: readonly [number, number],
  holds: (tokens: readonly string[]) => boolean,
): number | null {
  const joined = (start: number, count: number) =>
    lineTokens.slice(start - 1, start - 1 + count).flat();
  let found: number | null = null;
  for (let start = first; start < last; start++) {
    for (let count = 2; count <= MAX_JOINED_LINES && start + count - 1 <= last; count++) {
      if (!holds(joined(start, count))) continue;
      if (holds(joined(start + 1, count - 1))) break; // the statement starts on a later line
      if (found !== null) return null;
      found = start;
      break;
    }
  }
  return found;
}
