/** Line splitting shared by the text parsers. */
import { MAX_LINE_CHARS } from './limits.js';

/**
 * Splits text into lines (`\n`, `\r\n` or `\r`), each cut to {@link MAX_LINE_CHARS} characters so
 * that no regular expression ever sees an unbounded line.
 * @returns the lines, without their terminators.
 */
export function splitLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
}

/** Collapses runs of whitespace (newlines included) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Removes any of `characters` from the end of `text` (a linear-time stand-in for `/[…]+$/`,
 * which backtracks quadratically on long runs that do not reach the end).
 */
export function trimEndCharacters(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}
