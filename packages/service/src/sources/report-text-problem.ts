/** What makes a text no report at all, checked before anything is stored. */
import { BINARY_SNIFF_BYTES, looksBinary } from '@sightline/core';

/**
 * Why a report's text (as intake's `decodeReportBytes` reads a file or a body) cannot be a report:
 * binary data (a NUL in its first {@link BINARY_SNIFF_BYTES} characters), or nothing but
 * whitespace; undefined when it can.
 * Refused at the door (the API, `sightline ingest`), so a client is told at once instead of a
 * report being stored and failed.
 */
export function reportTextProblem(
  text: string,
): { code: 'INVALID_ARGUMENT' | 'REPORT_EMPTY'; message: string } | undefined {
  if (looksBinary(new TextEncoder().encode(text.slice(0, BINARY_SNIFF_BYTES)))) {
    return {
      code: 'INVALID_ARGUMENT',
      message:
        'is binary data, not a report. Send the report as text (a crash log, an issue, a review export).',
    };
  }
  if (!text.trim()) {
    return { code: 'REPORT_EMPTY', message: 'is empty. Send the report text.' };
  }
  return undefined;
}
