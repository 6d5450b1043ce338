/**
 * Entry point of intake: a raw bug report in any supported format becomes a {@link Report}.
 * Detection is by content (`format` forces one); every failure mode of untrusted input ends in a
 * text report or a `SightlineError`, never another exception.
 */
import { createHash } from 'node:crypto';
import { SightlineError } from '@sightline/core';
import { decodeInput, type ReportInput } from './decode-input.js';
import {
  bestFormat,
  detectFormat,
  REPORT_FORMAT_NAMES,
  REPORT_FORMATS,
  textFormat,
} from './formats/index.js';
import type { FormatInput, ParsedReport, ReportFormat } from './formats/types.js';
import { extractIdentifiers } from './identifiers.js';
import { MAX_BODY_CHARS, MAX_REPORT_BYTES } from './limits.js';
import { splitLines, wholeWordsWithin } from './lines.js';
import { otherReadings } from './other-readings.js';
import { extractPaths } from './paths.js';
import { refuseUnfitFormat } from './refuse-unfit-format.js';
import { oneLineTitle } from './report-title.js';
import type { Exception, Frame, Report } from './types.js';

/** Options of {@link parseReport} and {@link parseReports}. */
export interface ParseReportOptions {
  /** Name of the file the report came from, kept in `source.filename`. */
  filename?: string;
  /** Force a format (one of {@link REPORT_FORMAT_NAMES}) instead of detecting it. */
  format?: string;
  /** Largest accepted input in bytes. Default 10 MiB ({@link MAX_REPORT_BYTES}). */
  maxBytes?: number;
}

/** Language or runtime implied by a trace format, used when the report names none. */
const FORMAT_PLATFORM: Record<string, string> = {
  v8: 'javascript',
  firefox: 'javascript',
  python: 'python',
  java: 'java',
  'android-anr': 'android',
  apple: 'apple',
  go: 'go',
  rust: 'rust',
  dotnet: 'dotnet',
  ruby: 'ruby',
  native: 'native',
};

/**
 * Every frame of the exceptions and their causes, flattened: each exception's frames (innermost
 * first), then its cause's, then the next exception's.
 * @param exceptions exceptions as in `Report.exceptions`.
 * @returns the frames in that order (a new array; the frames themselves are shared).
 */
export function allFrames(exceptions: Exception[]): Frame[] {
  const frames: Frame[] = [];
  for (const exception of exceptions) {
    for (let current: Exception | undefined = exception; current; current = current.cause) {
      frames.push(...current.frames);
    }
  }
  return frames;
}

/**
 * The exceptions with each one's chain of causes turned around: the deepest cause first (where
 * the failure began: the root cause of a Java `Caused by:` chain, the inner exception of .NET's
 * `--->`), out to the exception that wraps them; then the next exception's chain. The order a
 * culprit is looked for in: `sightline triage`'s frame, the service's culprit, the localizer's
 * stack frames.
 * @param exceptions exceptions as in `Report.exceptions`.
 * @returns every exception of every chain once, in that order (a new array).
 */
export function exceptionsCauseFirst(exceptions: Exception[]): Exception[] {
  const ordered: Exception[] = [];
  for (const exception of exceptions) {
    const chain: Exception[] = [];
    for (let current: Exception | undefined = exception; current; current = current.cause) {
      chain.push(current);
    }
    ordered.push(...chain.reverse());
  }
  return ordered;
}

function chooseFormat(input: FormatInput, name: string | undefined): ReportFormat {
  if (name === undefined) return detectFormat(input);
  const format = REPORT_FORMATS.find((candidate) => candidate.name === name);
  if (!format) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Unknown report format "${name}". Use one of: ${REPORT_FORMAT_NAMES.join(', ')}, or leave it out to detect the format.`,
      details: { format: name },
    });
  }
  return format;
}

/**
 * The format for `input` (`name` when given), and the input it reads: in one of its other
 * readings (`otherReadings`: without a log viewer's line-number column, a Markdown quote's
 * markers, …) when only that way a format recognises it (a crash log copied from a CI job page,
 * trial 33; a debugger session quoted in a reply, trial 37).
 */
function withFormat(
  input: FormatInput,
  name: string | undefined,
): { formatInput: FormatInput; chosen: ReportFormat } {
  // Detected once: the best format's score also decides whether the text reads better in one of
  // its other readings.
  const detected = name === undefined ? bestFormat(input) : undefined;
  const unmarked = detected && readBetterOtherwise(input, detected.score);
  if (unmarked) return unmarked;
  const chosen = detected?.format ?? chooseFormat(input, name);
  // Detected: anything but text read it. Forced: a format that reads any text, or that found its own.
  const reads = (format: ReportFormat, candidate: FormatInput) =>
    name === undefined
      ? format !== textFormat
      : format.requires === undefined || format.detect(candidate) > 0;
  if (reads(chosen, input)) return { formatInput: input, chosen };
  for (const lines of otherReadings(input.lines)) {
    const other = { ...input, lines };
    const format = chooseFormat(other, name);
    if (reads(format, other)) return { formatInput: other, chosen: format };
  }
  return { formatInput: input, chosen };
}

/**
 * The input in the first of its other readings (`otherReadings`: without Markdown quote markers,
 * logcat prefixes or a tool's column, or with a trace joined into one line broken)
 * that a format other than text reads at least as confidently as any format reads the input as
 * it is, and that format: a trace quoted under a sentence (`>     at com.x.Y.f(Y.java:42)`) was
 * read loosely as another language's frames, its exception line unread; an Android crash copied
 * from logcat (`E AndroidRuntime: \tat …`) as text.
 * @param inputScore - the best format's `detect` score of the input as it is.
 */
function readBetterOtherwise(
  input: FormatInput,
  inputScore: number,
): { formatInput: FormatInput; chosen: ReportFormat } | undefined {
  for (const lines of otherReadings(input.lines, { keepLineNumbers: true })) {
    const other = { ...input, lines };
    const best = bestFormat(other);
    if (best.format !== textFormat && best.score >= inputScore)
      return { formatInput: other, chosen: best.format };
  }
  return undefined;
}

function runFormat(
  format: ReportFormat,
  input: FormatInput,
  notes: string[],
): { name: string; parsed: ParsedReport[] } {
  try {
    const parsed = format.parse(input);
    if (parsed.length > 0) return { name: format.name, parsed };
  } catch (error) {
    if (SightlineError.isInstance(error)) throw error;
    notes.push(
      `the ${format.name} parser failed (${error instanceof Error ? error.message : String(error)}); read as text`,
    );
  }
  return { name: textFormat.name, parsed: textFormat.parse(input) };
}

function buildReport(
  parsed: ParsedReport,
  format: string,
  text: string,
  notes: string[],
  filename?: string,
): Report {
  const fullBody = parsed.body ?? text;
  const ownNotes = [...notes, ...(parsed.notes ?? [])];
  let body = fullBody;
  if (body.length > MAX_BODY_CHARS) {
    body = wholeWordsWithin(body, MAX_BODY_CHARS);
    ownNotes.push(
      body === ''
        ? `body left out: its first ${MAX_BODY_CHARS} characters (of ${fullBody.length}) hold no space or line break to cut it at without splitting a word`
        : `body cut to ${body.length} characters (of ${fullBody.length})`,
    );
  }
  const frames = [...allFrames(parsed.exceptions), ...(parsed.stack ?? [])];
  // Names and paths come from the text the report keeps (and its frames), not from past the body's
  // cut: everything a report passes on is scanned for secrets in what it keeps (gateReport), so a
  // token past the cut must not come back as an identifier.
  const scanned = wholeWordsWithin(parsed.identifierText ?? fullBody, MAX_BODY_CHARS);
  const platform = parsed.platform ?? FORMAT_PLATFORM[format];
  // Hashed with its lines joined by `\n`: the same report saved with CRLF is the same report.
  const id =
    parsed.id ??
    createHash('sha256')
      .update(`${parsed.title ?? ''}\n${fullBody}`.replace(/\r\n?/g, '\n'))
      .digest('hex')
      .slice(0, 16);
  // The one place a title is finished, whatever the format read (trial 37: a JSON title's tab or
  // line break, a right-to-left override).
  const title = oneLineTitle(parsed.title ?? '');
  return {
    id,
    kind: parsed.kind,
    source: { format, ...(filename ? { filename } : {}) },
    ...(title ? { title } : {}),
    body,
    ...(parsed.rating !== undefined ? { rating: parsed.rating } : {}),
    ...(platform ? { platform } : {}),
    ...(parsed.appVersion ? { appVersion: parsed.appVersion } : {}),
    ...(parsed.environment ? { environment: parsed.environment } : {}),
    exceptions: parsed.exceptions,
    ...(parsed.stack && parsed.stack.length > 0 ? { stack: parsed.stack } : {}),
    identifiers: extractIdentifiers(scanned, frames),
    paths: extractPaths(scanned, frames),
    ...(parsed.date ? { date: parsed.date } : {}),
    ...(parsed.locale ? { locale: parsed.locale } : {}),
    ...(ownNotes.length > 0 ? { notes: ownNotes } : {}),
  };
}

/**
 * Parses a raw bug report into every report it holds (one for crash logs and issues, one per row
 * for review exports).
 * @param input text, bytes or parsed JSON (Sentry event, issue `{title, body}`, review rows).
 * @param options see {@link ParseReportOptions}.
 * @returns the reports, in input order.
 * @throws SightlineError `REPORT_EMPTY`, `REPORT_TOO_LARGE` (over `maxBytes`, default 10 MiB),
 *   `REPORT_UNPARSEABLE` (binary data), `INVALID_ARGUMENT` (unknown `format`, or a `format`
 *   that reads nothing of the input: `sentry` on text that is no Sentry event, a trace format on
 *   text without its trace).
 */
export function parseReports(input: ReportInput, options: ParseReportOptions = {}): Report[] {
  const { filename, format, maxBytes = MAX_REPORT_BYTES } = options;
  const decoded = decodeInput(input, maxBytes);
  const { formatInput, chosen } = withFormat(
    {
      text: decoded.text,
      lines: splitLines(decoded.text),
      ...(decoded.value !== undefined ? { value: decoded.value } : {}),
    },
    format,
  );
  const { name, parsed } = runFormat(chosen, formatInput, decoded.notes);
  if (format !== undefined)
    refuseUnfitFormat(chosen, formatInput, name === chosen.name ? parsed : []);
  return parsed.map((report) => buildReport(report, name, decoded.text, decoded.notes, filename));
}

/**
 * Parses a raw bug report: detects its format, extracts exceptions (frames innermost first, in-app
 * frames marked), title, identifiers and paths. For an export holding several reviews this returns
 * the first, with a note; use {@link parseReports} for all of them.
 * @param input text, bytes or parsed JSON (Sentry event, issue `{title, body}`, review rows).
 * @param options see {@link ParseReportOptions}.
 * @returns the report.
 * @throws SightlineError `REPORT_EMPTY`, `REPORT_TOO_LARGE` (over `maxBytes`, default 10 MiB),
 *   `REPORT_UNPARSEABLE` (binary data), `INVALID_ARGUMENT` (unknown `format`, or one that reads
 *   nothing of the input), as {@link parseReports}.
 * @example
 * const report = parseReport(fs.readFileSync('crash.txt'), { filename: 'crash.txt' });
 * report.exceptions[0]?.frames.find((frame) => frame.inApp);
 */
export function parseReport(input: ReportInput, options: ParseReportOptions = {}): Report {
  const reports = parseReports(input, options);
  const [first, ...rest] = reports;
  if (!first)
    throw new SightlineError({
      code: 'REPORT_UNPARSEABLE',
      message: 'No report could be read from the input.',
    });
  if (rest.length === 0) return first;
  return {
    ...first,
    notes: [
      ...(first.notes ?? []),
      `the input holds ${reports.length} reports; only the first was read (give one report at a time)`,
    ],
  };
}
