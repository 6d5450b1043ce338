/** What makes a text no report at all, checked before anything is stored. */
import { BINARY_SNIFF_BYTES, looksBinary } from '@sightline/core';
import { CONVERT_TO_UTF8_HINT, NOT_TEXT_HINT } from '../adapters/investigator.js';

/** Why text in another encoding (bytes invalid in UTF-8, e.g. Latin-1) is refused, after its subject. */
export const NOT_UTF8_PROBLEM = `is not valid UTF-8: the text is in another encoding; ${CONVERT_TO_UTF8_HINT}.`;

/** Options of {@link reportTextProblem}. */
export interface ReportTextProblemOptions {
  /** Bytes of the text were invalid and replaced (intake's `decodeReportBytes` `invalid`). Default false. */
  invalidBytes?: boolean;
}

/**
 * Why a report's text (as intake's `decodeReportBytes` reads a file or a body) cannot be a report:
 * text in another encoding ({@link NOT_UTF8_PROBLEM}), binary data (a NUL in its first
 * {@link BINARY_SNIFF_BYTES} characters), or nothing but whitespace; undefined when it can.
 * Refused at the door (the API, `sightline ingest`), so a client is told at once instead of a
 * report being stored and failed, or stored with U+FFFD for its accented letters.
 */
export function reportTextProblem(
  text: string,
  { invalidBytes = false }: ReportTextProblemOptions = {},
): { code: 'INVALID_ARGUMENT' | 'REPORT_EMPTY'; message: string } | undefined {
  if (invalidBytes) return { code: 'INVALID_ARGUMENT', message: NOT_UTF8_PROBLEM };
  if (looksBinary(new TextEncoder().encode(text.slice(0, BINARY_SNIFF_BYTES)))) {
    return {
      code: 'INVALID_ARGUMENT',
      message: `is binary data, not a report. Send the report as text (a crash log, an issue, a review export). ${NOT_TEXT_HINT}`,
    };
  }
  if (!text.trim()) {
    return { code: 'REPORT_EMPTY', message: 'is empty. Send the report text.' };
  }
  return undefined;
}
