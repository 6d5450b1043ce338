/**
 * The one-line title a report is listed under (a triage row, a service group), bounded however
 * long the report's own title or first line is.
 */
import type { Report } from './types.js';

/** Characters of a listed title: a longer one is cut to 199 and ends with `…`. */
export const MAX_LISTED_TITLE_CHARS = 200;

/**
 * A report's title for listing: its own title, else its first exception (`Type: message`), else
 * the first line of its text, else `(empty report)`; trimmed.
 * @param report - a parsed report.
 * @returns at most {@link MAX_LISTED_TITLE_CHARS} (200) characters; a longer title is cut to 199
 *   and ends with `…`.
 */
export function reportTitle(report: Report): string {
  const exception = report.exceptions[0];
  const title =
    report.title?.trim() ||
    (exception ? `${exception.type}${exception.message ? `: ${exception.message}` : ''}` : '') ||
    report.body.trim().split('\n', 1)[0] ||
    '(empty report)';
  return title.length > MAX_LISTED_TITLE_CHARS
    ? `${title.slice(0, MAX_LISTED_TITLE_CHARS - 1)}…`
    : title;
}
