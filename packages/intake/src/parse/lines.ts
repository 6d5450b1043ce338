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

/**
 * `text` without a URL's query and fragment: what `.replace(/[?#].*$/, '')` gives, in linear time.
 * `.` does not cross a line terminator, so the cut is at the first `?` or `#` after the last one;
 * the pattern retried every `?`/`#` to the end (a Sentry event's 1 MB frame file of `#`s ending
 * with a newline and a `#` took minutes).
 * @param text a file or URL, as printed.
 */
export function withoutQueryAndFragment(text: string): string {
  const lastBreak = Math.max(
    text.lastIndexOf('\n'),
    text.lastIndexOf('\r'),
    text.lastIndexOf('\u2028'),
    text.lastIndexOf('\u2029'),
  );
  const cut = text.slice(lastBreak + 1).search(/[?#]/);
  return cut === -1 ? text : text.slice(0, lastBreak + 1 + cut);
}
