/** What makes a text no report at all, checked before anything is stored. */
import {
  binaryTextProblem,
  ESCAPED_LONE_SURROGATE,
  LONE_SURROGATE,
  wellFormedJson,
  wellFormedText,
} from '@sightline/intake';
import {
  invalidBytesProblem,
  NOT_TEXT_HINT,
  type ReportEncoding,
} from '../adapters/investigator.js';

/**
 * The report a source brought, with every lone UTF-16 surrogate (in its text, or in any string or
 * key of its JSON) replaced by U+FFFD (intake's `wellFormedText` and `wellFormedJson`): a
 * provider's payload (a GitHub issue body, a Sentry event) cannot be refused and sent again as the
 * API's body can. The rest of the report is kept as it was.
 * @returns the payload, the same object when it holds none.
 */
export function wellFormedPayload(
  payload: { text: string } | { json: unknown },
): { text: string } | { json: unknown } {
  if ('text' in payload) {
    const text = wellFormedText(payload.text);
    return text === payload.text ? payload : { text };
  }
  const json = wellFormedJson(payload.json);
  return json === payload.json ? payload : { json };
}

/**
 * Why a report given as JSON cannot be stored: a string (or key) in it holds a lone UTF-16
 * surrogate (found by fresh-user trial 18: `{"title": "x \ud800"}` became a group titled with
 * three U+FFFD). `JSON.stringify` writes exactly the lone surrogates as `\uXXXX` escapes (ES2019
 * well-formed stringify), so they are found in its text in linear time. The value must have
 * passed the depth check first (`jsonNestsDeeperThan`).
 * @returns the message (after the field's name), or undefined.
 */
export function jsonReportProblem(value: unknown): string | undefined {
  const lone = ESCAPED_LONE_SURROGATE.exec(JSON.stringify(value) ?? '');
  if (!lone) return undefined;
  return `holds a lone UTF-16 surrogate (U+${lone[2]?.toUpperCase()}), half of a character without its other half. Escape both halves of a character past U+FFFF (e.g. "\\ud83d\\ude00"), or send the character itself in UTF-8.`;
}

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
 * damaged UTF-16 file), a lone UTF-16 surrogate (a JSON string's `\ud800` without its other half:
 * no character, so no text), binary data (intake's `binaryTextProblem`, the rule `parseReport` and so
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
  // Only a JSON string's `\ud800` escape makes one (decoded bytes never do); stored, it came back as
  // three U+FFFD and the report failed later as "binary data".
  const at = text.search(LONE_SURROGATE);
  if (at !== -1) {
    const unit = `U+${text.charCodeAt(at).toString(16).toUpperCase()}`;
    return {
      code: 'INVALID_ARGUMENT',
      message: `is not text: it holds a lone UTF-16 surrogate (${unit}, at character ${at + 1}), half of a character without its other half. Escape both halves of a character past U+FFFF (e.g. "\\ud83d\\ude00"), or send the character itself in UTF-8.`,
    };
  }
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
