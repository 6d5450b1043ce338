/** What makes a text no report at all, checked before anything is stored. */
import { binaryTextProblem } from '@sightline/intake';
import {
  invalidBytesProblem,
  NOT_TEXT_HINT,
  type ReportEncoding,
} from '../adapters/investigator.js';

/** Options of {@link reportTextProblem}: how intake's `decodeReportBytes` read the text. */
export interface ReportTextProblemOptions {
  /** Bytes of the text were invalid and replaced (`decodeReportBytes`' `invalid`). Default false. */
  invalid?: boolean;
  /** What the bytes were read as (`decodeReportBytes`' `encoding`). Default `utf-8`. */
  encoding?: ReportEncoding;
}

/**
 * Why a report's text (as intake's `decodeReportBytes` reads a file or a body) cannot be a report:
 * bytes invalid in their encoding (intake's `invalidBytesProblem`: Latin-1 read as UTF-8, a
 * damaged UTF-16 file), binary data (intake's `binaryTextProblem`, the rule `parseReport` and so
 * the CLI's `investigate` follow: a stray NUL is no binary file), or nothing but whitespace;
 * undefined when it can.
 * Refused at the door (the API, `sightline ingest`), so a client is told at once instead of a
 * report being stored and failed, or stored with U+FFFD for its accented letters.
 */
export function reportTextProblem(
  text: string,
  { invalid = false, encoding = 'utf-8' }: ReportTextProblemOptions = {},
): { code: 'INVALID_ARGUMENT' | 'REPORT_EMPTY'; message: string } | undefined {
  if (invalid) return { code: 'INVALID_ARGUMENT', message: invalidBytesProblem(encoding) };
  const binary = binaryTextProblem(text);
  if (binary) {
    return {
      code: 'INVALID_ARGUMENT',
      message: `${binary} Send the report as text (a crash log, an issue, a review export). ${NOT_TEXT_HINT}`,
    };
  }
  if (!text.trim()) {
    return { code: 'REPORT_EMPTY', message: 'is empty. Send the report text.' };
  }
  return undefined;
}
