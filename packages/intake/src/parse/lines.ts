/** Line splitting shared by the text parsers. */
import { readableLongLine } from './flattened-traces.js';
import { MAX_LINE_CHARS, MAX_TITLE_CHARS } from './limits.js';
import { withLinesReplaced } from './line-replacement.js';

/**
 * Splits text into lines (`\n`, `\r\n` or `\r`), each cut to {@link MAX_LINE_CHARS} characters so
 * that no regular expression ever sees an unbounded line; a longer line that holds a stack trace
 * joined into one line is broken into the trace's lines first (`readableLongLine`), so its frames
 * past the cut are read too, until the lines so given reach MAX_BODY_CHARS characters in all.
 * @returns the lines, without their terminators.
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  // Long lines are read to MAX_BODY_CHARS characters of their lines in all (`withLinesReplaced`'s
  // bound), then cut: the work is bounded per report (4,500 joined logcat copies of 2,000
  // characters each were read in full).
  const read =
    withLinesReplaced(lines, (line) =>
      line.length > MAX_LINE_CHARS ? readableLongLine(line) : null,
    ) ?? lines;
  return read.map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
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

const NUMBERED_LINE = /^(\d{1,7})[ \t]/;
/** Consecutive numbered lines that make a log viewer's line-number column. */
const MIN_NUMBERED_RUN = 3;

/**
 * The lines without the line-number column a log viewer adds when a log is copied from it
 * (GitLab's and GitHub Actions' job logs, Jenkins): every line of a run of at least
 * {@link MIN_NUMBERED_RUN} starts with its number, one more than the line before's, and a space
 * (dropped) or a tab (kept as the line's indentation).
 * @returns the lines with each run's numbers taken off, or `null` when no run is found.
 */
export function withoutLineNumberColumn(lines: string[]): string[] | null {
  const numbers = lines.map((line) => {
    const match = NUMBERED_LINE.exec(line);
    return match ? Number(match[1]) : undefined;
  });
  const out = [...lines];
  let found = false;
  let start = 0;
  while (start < lines.length) {
    let end = start + 1;
    while (
      numbers[start] !== undefined &&
      end < lines.length &&
      numbers[end] === (numbers[end - 1] ?? Number.NaN) + 1
    )
      end += 1;
    if (numbers[start] !== undefined && end - start >= MIN_NUMBERED_RUN) {
      found = true;
      for (let at = start; at < end; at += 1) out[at] = (lines[at] ?? '').replace(/^\d+ ?/, '');
    }
    start = end;
  }
  return found ? out : null;
}

/**
 * A Markdown block quote's markers, every level of them (`> > `, as a reply quoting a reply): up
 * to three spaces, `>`, and one optional space, each.
 */
const QUOTE_MARKER = /^(?: {0,3}> ?)+/;

/**
 * The lines of a text that quotes in Markdown (`> (gdb) bt`, `> #0  0x… in f () at a.c:3`, as a
 * reply quotes a session; `>     at com.x.Y.f(Y.java:42)`, a trace quoted under a sentence)
 * without their quote markers, every level of them.
 * @returns the lines with each quoted line's markers taken off, or `null` when no line is quoted.
 */
export function withoutQuoteMarkers(lines: string[]): string[] | null {
  if (!lines.some((line) => QUOTE_MARKER.test(line))) return null;
  return lines.map((line) => line.replace(QUOTE_MARKER, ''));
}

/**
 * The text's first `max` characters, less the word the cut would split: a token cut in two is no
 * longer one the secret rules find, so half of it would be shown (fresh-user trial 28, a body;
 * trial 49, a title cut at its 300th character inside a GitHub token).
 * @returns `text` itself when it is within `max`; `''` when its first `max` characters hold no
 *   whitespace.
 */
export function wholeWordsWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  if (/\s/.test(text[max] ?? '')) return cut;
  let end = cut.length;
  while (end > 0 && !/\s/.test(cut[end - 1] ?? '')) end -= 1;
  return cut.slice(0, end);
}

/** A title as a format reads it, cut to {@link MAX_TITLE_CHARS} before the word the cut would split. */
export function cutTitle(text: string): string {
  return wholeWordsWithin(text, MAX_TITLE_CHARS);
}
