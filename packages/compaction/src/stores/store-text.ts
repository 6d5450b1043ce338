/**
 * Text operations every store shares: line splitting, reading a window of lines, and grep with a
 * linear-time regular expression engine, so the memory and disk stores behave identically.
 *
 * Grep patterns are written by models, so they run on RE2JS (a JavaScript port of Google's RE2,
 * npm `re2js`): matching time is linear in the input, whatever the pattern, so no pattern can
 * cause catastrophic backtracking (ReDoS). RE2 syntax is JavaScript's without backreferences and
 * lookaround. Each line is scanned up to {@link MAX_SCANNED_LINE_CHARS} characters, so one call
 * costs at most O(entries × lines × 10,000 × pattern size).
 */
import { cutLine, SightlineError } from '@sightline/core';
import { RE2JS } from 're2js';
import type {
  StoreEntryInfo,
  StoreGrepOptions,
  StoreMatch,
  StoreReadOptions,
  StoreReadResult,
} from './compaction-store.js';

/** Characters of one line that grep scans; the rest of a longer line is not searched. */
const MAX_SCANNED_LINE_CHARS = 10_000;
/** Characters of a matched line returned by grep (longer lines end with `…`). */
const MAX_MATCH_TEXT_CHARS = 500;
/** Default cap on grep matches. */
const DEFAULT_MAX_MATCHES = 100;

/**
 * Splits content into lines: `\n` or `\r\n` ends a line, a trailing newline does not start one.
 * @param content - stored text.
 * @returns the lines, without their terminators; `[]` for empty content.
 */
export function splitLines(content: string): string[] {
  if (content.length === 0) return [];
  const lines = content.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Describes an entry from its content.
 * @param path - the store path.
 * @param content - its text.
 * @param modifiedAt - last change, ms since the Unix epoch.
 * @returns bytes (UTF-8), line count and time.
 */
export function describeEntry(path: string, content: string, modifiedAt: number): StoreEntryInfo {
  return {
    path,
    bytes: Buffer.byteLength(content, 'utf8'),
    lines: splitLines(content).length,
    modifiedAt,
  };
}

/**
 * Cuts a window of lines out of an entry's content.
 * @param path - the store path (echoed in the result).
 * @param content - the entry's text.
 * @param options - `offset` (1-based, default 1) and `limit` (lines, default all).
 * @returns the window; past the end it is empty with `lines: [offset, offset - 1]`.
 * @throws SightlineError `INVALID_ARGUMENT` when `offset` or `limit` is not an integer ≥ 1.
 */
export function readWindow(
  path: string,
  content: string,
  { offset = 1, limit }: StoreReadOptions = {},
): StoreReadResult {
  if (!Number.isInteger(offset) || offset < 1) throw invalidWindow('offset', offset);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw invalidWindow('limit', limit);
  const all = splitLines(content);
  const selected = all.slice(offset - 1, limit === undefined ? undefined : offset - 1 + limit);
  const end = offset - 1 + selected.length;
  return {
    path,
    content: selected.join('\n'),
    lines: [offset, end],
    totalLines: all.length,
    nextOffset: end < all.length ? end + 1 : undefined,
  };
}

function invalidWindow(name: string, value: number): SightlineError {
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `${name} must be an integer ≥ 1 (lines are 1-based), got ${value}.`,
    details: { [name]: value },
  });
}

/** Longest grep pattern, in characters. */
const MAX_PATTERN_CHARS = 1_000;
/** Most a grep pattern's counted repetitions (`{n}`, `{n,m}`) may add up to. */
const MAX_PATTERN_REPEATS = 1_000;

/**
 * Why a pattern would be too costly, if it would. RE2 runs in time linear in the text but also in
 * the size of the compiled pattern, which counted repetitions multiply (`[a-z]{1000}` is a
 * thousand states): a 10,000-character line against `[a-z]{1000}` three times takes about a second.
 */
function patternCostProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_CHARS)
    return `it is ${pattern.length} characters long, more than ${MAX_PATTERN_CHARS}`;
  let repeats = 0;
  for (const [, min, max] of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g))
    repeats += Math.max(Number(min), Number(max || 0));
  if (repeats > MAX_PATTERN_REPEATS)
    return `its counted repetitions ({n}) add up to ${repeats}, more than ${MAX_PATTERN_REPEATS}`;
  return undefined;
}

/**
 * Compiles a grep pattern once.
 * @param pattern - RE2 syntax (JavaScript regular expressions without backreferences or lookaround).
 * @returns a predicate testing one line.
 * @throws SightlineError `INVALID_REGEX` with the parser's reason, or when the pattern is longer
 * than 1,000 characters or its counted repetitions add up to more than 1,000.
 */
function compileStorePattern(pattern: string): (line: string) => boolean {
  const cost = patternCostProblem(pattern);
  if (cost) {
    throw new SightlineError({
      code: 'INVALID_REGEX',
      message: `Search pattern refused: ${cost}. Search for a shorter, literal part of the text instead.`,
      details: { pattern: pattern.slice(0, MAX_PATTERN_CHARS) },
    });
  }
  try {
    const compiled = RE2JS.compile(pattern);
    return (line) => compiled.test(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SightlineError({
      code: 'INVALID_REGEX',
      message: `Invalid search pattern ${JSON.stringify(pattern)}: ${reason}. Use RE2 syntax (no backreferences or lookaround); escape special characters such as ( [ . * with a backslash to match them literally.`,
      details: { pattern },
      cause: error,
    });
  }
}

/**
 * Greps entries in path order.
 * @param entries - `[path, content]` pairs, any order.
 * @param pattern - see {@link compileStorePattern}.
 * @param options - `prefix` (default `/`) and `maxMatches` (default 100).
 * @returns matching lines, at most `maxMatches`.
 * @throws SightlineError `INVALID_REGEX`, `INVALID_ARGUMENT` (maxMatches < 1).
 */
export function grepEntries(
  entries: Iterable<[path: string, content: string]>,
  pattern: string,
  { prefix = '/', maxMatches = DEFAULT_MAX_MATCHES }: StoreGrepOptions = {},
): StoreMatch[] {
  if (!Number.isInteger(maxMatches) || maxMatches < 1) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `maxMatches must be an integer ≥ 1, got ${maxMatches}.`,
    });
  }
  const matches = compileStorePattern(pattern);
  const sorted = [...entries]
    .filter(([path]) => path.startsWith(prefix))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const found: StoreMatch[] = [];
  for (const [path, content] of sorted) {
    const lines = splitLines(content);
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index] as string;
      if (
        !matches(
          line.length > MAX_SCANNED_LINE_CHARS ? line.slice(0, MAX_SCANNED_LINE_CHARS) : line,
        )
      )
        continue;
      found.push({ path, line: index + 1, text: cutLine(line, MAX_MATCH_TEXT_CHARS).text });
      if (found.length >= maxMatches) return found;
    }
  }
  return found;
}

/**
 * The error every store throws for a missing entry.
 * @param path - the store path that was asked for.
 * @returns a `STORE_ENTRY_NOT_FOUND` error telling how to find what exists.
 */
export function entryNotFound(path: string): SightlineError {
  return new SightlineError({
    code: 'STORE_ENTRY_NOT_FOUND',
    message: `Nothing is stored at ${path}. List what exists under its folder, or search the store for a word you expect in it.`,
    details: { path },
  });
}

/**
 * The error every store throws for a path it cannot hold (a symbolic link, a folder/entry clash).
 * @param path - the store path.
 * @param reason - why, as a clause.
 * @returns a `STORE_PATH_INVALID` error.
 */
export function storePathRefused(path: string, reason: string): SightlineError {
  return new SightlineError({
    code: 'STORE_PATH_INVALID',
    message: `Store path ${path} was refused: ${reason}. Use a path made of plain folders inside the store.`,
    details: { path },
  });
}
