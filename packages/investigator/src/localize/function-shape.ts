/**
 * What a function's source says about its role: whether it is an accessor, a function of a few
 * lines that only reads a value and does nothing with it. An accessor is where a bad value shows,
 * rarely where it was made, so neither frame weighting nor a suspect's range stops at one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Definition, RepositoryIndex } from '@sightline/codebase';

/** A function of at most this many lines that only reads a value is an accessor. */
export const ACCESSOR_MAX_LINES = 6;
/** A comment line or a blank, whatever it holds after the comment's opening (the empty match). */
const COMMENT_OR_BLANK = String.raw`(?:(?:\/\/|#|\*|\/\*).*(?:[\n\r\u2028\u2029]\s*)?)?`;
/** A line that is only a comment or blank: no statement a stack frame could stand on. */
export const COMMENT_OR_BLANK_LINE = new RegExp(String.raw`^\s*${COMMENT_OR_BLANK}$`);
/** A line with no code of its own: a closing bracket, a comment, a blank. */
const STRUCTURE_LINE = new RegExp(String.raw`^\s*(?:[})\]]+[;,]?\s*|end\s*|${COMMENT_OR_BLANK})$`);
/**
 * A body line that returns or assigns a plain value (no call): what an accessor is made of. Names
 * may carry `#` (JavaScript private fields) or `@` (Ruby instance variables).
 */
const READ_LINE = /^\s*(?:return\s+)?[\w$#@.[\]'"]+(?:\s*=\s*[\w$#@.[\]'"]+)?;?\s*$/;

/**
 * The lines of a repository file, or `[]` when it cannot be read.
 * @param index - the repository index (files are read from `index.root`).
 * @param file - repository-relative path.
 * @returns the file's lines (index 0 is line 1).
 */
export function readSourceLines(index: RepositoryIndex, file: string): string[] {
  try {
    return readFileSync(path.join(index.root, file), 'utf8').split('\n');
  } catch {
    return [];
  }
}

/**
 * The body of a definition: its lines without the first (the signature) and the last (the
 * closing line).
 * @param lines - the file's lines.
 * @param definition - a definition of that file (1-based inclusive `lines`).
 */
export function bodyLines(lines: readonly string[], definition: Definition): string[] {
  const [start, end] = definition.lines;
  return lines.slice(start, end - 1);
}

/**
 * Whether a function or method is an accessor: at most {@link ACCESSOR_MAX_LINES} lines whose
 * body only returns or assigns plain values (`get size() { return this.#size }`).
 * @param lines - the file's lines; an empty array (unreadable file) never makes an accessor.
 * @param definition - a definition of that file.
 */
export function isAccessor(lines: readonly string[], definition: Definition): boolean {
  const [start, end] = definition.lines;
  if (lines.length === 0 || !['function', 'method'].includes(definition.kind)) return false;
  return (
    end - start + 1 <= ACCESSOR_MAX_LINES &&
    bodyLines(lines, definition).every((line) => STRUCTURE_LINE.test(line) || READ_LINE.test(line))
  );
}
