/** Every report format, and detection of the one an input is in. */

import { cutTitle } from '../lines.js';
import { opensWithPrompt, titleBesidePrompts } from './error-header.js';
import { jsonTitle, textTitle } from './json-title.js';
import { markdownIssueFormat } from './markdown-issue.js';
import { reviewsFormat } from './reviews.js';
import { sentryFormat } from './sentry.js';
import { TRACE_FORMATS } from './trace-formats.js';
import type { FormatInput, ReportFormat } from './types.js';

/** The title of plain text: its first line, or the first beside a debugger's prompts. */
function promptlessTitle(lines: readonly string[]): string | undefined {
  return opensWithPrompt(lines) ? titleBesidePrompts(lines) : textTitle(lines);
}

/** Plain text: the fallback when no other format recognises the input. */
export const textFormat: ReportFormat = {
  name: 'text',
  detect: () => 1,
  parse: ({ text, lines, value }) => {
    const first = value !== undefined ? jsonTitle(value) : promptlessTitle(lines);
    return [
      {
        kind: 'text',
        exceptions: [],
        body: text,
        ...(first ? { title: cutTitle(first) } : {}),
      },
    ];
  },
};

/** All formats in detection order (ties go to the earlier one). */
export const REPORT_FORMATS: readonly ReportFormat[] = [
  sentryFormat,
  reviewsFormat,
  markdownIssueFormat,
  ...TRACE_FORMATS,
  textFormat,
];

/** The names accepted by `parseReport`'s `format` option. */
export const REPORT_FORMAT_NAMES: readonly string[] = REPORT_FORMATS.map((format) => format.name);

/**
 * The format that is most confident about `input`, with its confidence (the text format, 0, when
 * none is); ties go to the earlier format in {@link REPORT_FORMATS}.
 * @param input the decoded text, its capped lines and the parsed JSON value if any.
 * @returns the format and its `detect` score (0–1).
 */
export function bestFormat(input: FormatInput): { format: ReportFormat; score: number } {
  let best: { format: ReportFormat; score: number } = { format: textFormat, score: 0 };
  for (const format of REPORT_FORMATS) {
    const score = format.detect(input);
    if (score > best.score) best = { format, score };
  }
  return best;
}

/**
 * Picks the format that is most confident about `input` ({@link bestFormat}).
 * @param input the decoded text, its capped lines and the parsed JSON value if any.
 * @returns the chosen format.
 */
export function detectFormat(input: FormatInput): ReportFormat {
  return bestFormat(input).format;
}
