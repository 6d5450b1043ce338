/**
 * The `report` argument of the report tools (`parse_report`, `localize`, `investigate`): the raw
 * report text, capped well below intake's own 10 MiB so that one call cannot tie up the server.
 */
import { REPORT_FORMAT_NAMES } from '@sightline/intake';
import { z } from 'zod';

/** Longest report a tool accepts, in characters (about 250,000 tokens of English). */
const MAX_REPORT_CHARS = 1_000_000;

/** The report text. */
export const reportArgument = z
  .string()
  .max(MAX_REPORT_CHARS, {
    error: `The report is over ${MAX_REPORT_CHARS.toLocaleString('en')} characters. Send the part that matters: the error message, the stack trace, the steps to reproduce.`,
  })
  .describe(
    'The raw bug report as the user gave it: crash log or stack trace, issue text, app-store review, or a Sentry event as JSON. The format is detected.',
  );

/** Forces a report format instead of detecting it. */
export const reportFormatArgument = z
  .string()
  .optional()
  .describe(
    `Force the report format instead of detecting it: one of ${REPORT_FORMAT_NAMES.join(', ')}.`,
  );
