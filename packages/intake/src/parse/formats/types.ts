/** The contract every report format implements. */
import type { Exception, Frame, ReportKind } from '../types.js';

/** Input handed to a format: the text, its capped lines, and the parsed JSON value if any. */
export interface FormatInput {
  text: string;
  /** Lines of `text`, each capped (see `splitLines`). */
  lines: string[];
  /** Parsed JSON when the input was an object or the whole text is JSON. */
  value?: unknown;
}

/** What a format extracts; `parseReport` fills in id, identifiers, paths and defaults. */
export interface ParsedReport {
  kind: ReportKind;
  exceptions: Exception[];
  /** Frames of a stack trace that belongs to no exception, innermost first. */
  stack?: Frame[];
  id?: string;
  title?: string;
  body?: string;
  rating?: number;
  platform?: string;
  appVersion?: string;
  environment?: string;
  date?: string;
  locale?: string;
  /** Text scanned for identifiers instead of the body (structured input such as JSON). */
  identifierText?: string;
  /** What the format left out or guessed, e.g. `line 3 is not a CSV row (…); skipped`. */
  notes?: string[];
}

/** One report format: a detector and a parser. */
export interface ReportFormat {
  name: string;
  /**
   * What an input must hold for this format to read it, for a format forced on an input it reads
   * nothing of (see `refuseUnfitFormat`): `what` as a noun phrase (`a Python traceback`), `json`
   * when that is JSON. Absent for formats that read any text as their own (text, a review, an
   * issue).
   */
  requires?: { what: string; json?: boolean };
  /**
   * How sure the format is that the input is its own: 0 = not this format; higher wins.
   * Signature formats answer 80–100, frame-counting formats the number of frame lines (≤ 60).
   */
  detect(input: FormatInput): number;
  /** Parses the input; several reports only for exports that hold many (reviews). */
  parse(input: FormatInput): ParsedReport[];
}

/** A stack-trace format that can also parse a fragment (a fenced block of an issue). */
export interface TraceFormat extends ReportFormat {
  /** Exceptions found in `lines`, outermost report order, frames innermost first. */
  parseExceptions(lines: string[]): Exception[];
}
