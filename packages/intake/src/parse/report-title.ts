/**
 * The one-line title a report is listed under (a triage row, a service group), bounded however
 * long the report's own title or first line is.
 */
import { wholeWordsWithin } from './lines.js';
import type { Report } from './types.js';

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) and
 * marks (U+200E, U+200F, U+061C): in a title they reorder what follows in a terminal or a page
 * (`U+202E` shows `exe.txt` as `txt.exe`); and the invisible spaces a title can be made of, zero
 * width space U+200B, word joiner U+2060 and U+FEFF. The joiners U+200C and U+200D stay: Persian
 * and Indic words and emoji sequences need them.
 */
const INVISIBLE_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/g;

/**
 * A title as it is shown on one line: without bidirectional controls and invisible spaces, each run of whitespace
 * (a tab, a line break, a JSON title's `\n`, Unicode's next line U+0085) one space, trimmed. Every parsed report's title
 * passes here (`parseReport`), whatever its format.
 * @param title - a title as a format read it.
 * @returns the title on one line; '' when nothing but whitespace and controls is left.
 */
export function oneLineTitle(title: string): string {
  return title
    .replace(INVISIBLE_CONTROLS, '')
    .replace(/[\s\u0085]+/g, ' ')
    .trim();
}

/** Characters of a listed title: a longer one is cut to 199 at most, before the word the cut would split, and ends with `…`. */
export const MAX_LISTED_TITLE_CHARS = 200;

/** The listed title of a title whose first 199 characters are one word: none of it is shown. */
export const LONG_WORD_TITLE = '(a title of one word too long to list)';

/**
 * A report's title for listing: its own title, else its first exception (`Type: message`), else
 * the first line of its text, else `(empty report)`; on one line ({@link oneLineTitle}).
 * @param report - a parsed report.
 * @returns at most {@link MAX_LISTED_TITLE_CHARS} (200) characters; a longer title is cut to 199
 *   at most, before the word the cut would split (a token cut in two is no longer one the secret
 *   rules find), and ends with `…`; {@link LONG_WORD_TITLE} when no word ends within 199.
 */
export function reportTitle(report: Report): string {
  const exception = report.exceptions[0];
  const title =
    oneLineTitle(report.title ?? '') ||
    oneLineTitle(
      exception ? `${exception.type}${exception.message ? `: ${exception.message}` : ''}` : '',
    ) ||
    oneLineTitle(report.body.trim().split('\n', 1)[0] ?? '') ||
    '(empty report)';
  if (title.length <= MAX_LISTED_TITLE_CHARS) return title;
  const cut = wholeWordsWithin(title, MAX_LISTED_TITLE_CHARS - 1).trimEnd();
  return cut ? `${cut}…` : LONG_WORD_TITLE;
}
