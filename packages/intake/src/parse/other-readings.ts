/**
 * The other ways a report's lines can be read when a tool or a hand changed how a stack trace
 * looks: without Markdown quote markers, without logcat's prefixes, without a log viewer's
 * line-number column, with a trace joined into one line broken into its lines, without a
 * column a logging tool writes before each line, and with a trace held in a JSON string (a
 * structured log's stack field) unescaped into its lines, or a logcat copy joined into one line
 * broken into its lines and read without its prefixes. The parsers try each and keep the one a trace
 * format reads best; the report's body keeps the text as written.
 */
import { unescapedTraces } from './escaped-traces.js';
import { unflattenedTraces } from './flattened-traces.js';
import { withoutLineNumberColumn, withoutQuoteMarkers } from './lines.js';
import { withoutJoinedLogcatPrefixes, withoutLogcatPrefixes } from './log-prefixes.js';
import { withoutPrefixColumn } from './prefix-column.js';

/** The readings, in the order they are tried (an earlier one wins a tie). */
const READINGS: readonly ((lines: string[]) => string[] | null)[] = [
  withoutQuoteMarkers,
  withoutLogcatPrefixes,
  withoutLineNumberColumn,
  unflattenedTraces,
  withoutPrefixColumn,
  unescapedTraces,
  withoutJoinedLogcatPrefixes,
];

/**
 * The other readings of `lines` that differ from them, in the order they are tried.
 * @param lines - a report's lines (each cut to MAX_LINE_CHARS, as `splitLines` gives them).
 * @param options - `keepLineNumbers`: leave out the reading without a line-number column, for a
 *   caller that takes a reading a format reads only as well as the lines as they are: the
 *   numbered frames of an Apple crash report or a native backtrace look like such a column, and a
 *   tie would trade the format that reads them for one that reads them stripped.
 * @returns zero or more readings, each a new array of lines.
 */
export function otherReadings(
  lines: string[],
  options: { keepLineNumbers?: boolean } = {},
): string[][] {
  return READINGS.filter((read) => !options.keepLineNumbers || read !== withoutLineNumberColumn)
    .map((read) => read(lines))
    .filter((read): read is string[] => read !== null);
}
