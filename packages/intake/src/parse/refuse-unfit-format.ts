/**
 * A report format given explicitly must fit the report: forced on an input it reads nothing of
 * (`sentry` on plain text, `python` on a Java trace), the report would silently be read as plain
 * text under that format's name. It is refused instead, saying what the format reads.
 */
import { SightlineError } from '@sightline/core';
import type { FormatInput, ParsedReport, ReportFormat } from './formats/types.js';

/**
 * Refuses a forced format that recognised nothing of the input: its detector scores it 0 and its
 * parser found no exception and no stack frame. Formats without `requires` (they read any text)
 * always fit.
 * @param format the format given explicitly.
 * @param input the report as the format saw it.
 * @param parsed what the format's parser returned.
 * @throws SightlineError `INVALID_ARGUMENT` naming the format, what is wrong with the input and
 *   what to do (leave the format out to detect it, or use `text`).
 */
export function refuseUnfitFormat(
  format: ReportFormat,
  input: FormatInput,
  parsed: readonly ParsedReport[],
): void {
  const { requires } = format;
  if (!requires || format.detect(input) > 0) return;
  const found = parsed.some(
    (report) => report.exceptions.length > 0 || (report.stack?.length ?? 0) > 0,
  );
  if (found) return;
  const wrong =
    requires.json && input.value === undefined
      ? `it is not JSON, and "${format.name}" reads ${requires.what}`
      : `it holds no ${requires.what.replace(/^an? /, '')}, which "${format.name}" reads`;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `The report is not in the report format "${format.name}" given for it: ${wrong}. Leave the report format out to detect it, or give "text" to read the report as plain text.`,
    details: { format: format.name },
  });
}
