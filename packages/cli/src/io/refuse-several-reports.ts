/**
 * `sightline investigate` takes one report. A file holding several (JSON Lines, a review export as
 * CSV, NDJSON or a JSON array, a CSV table of issues) is refused with what to do, rather than investigating its first
 * report (the rest silently left out, a model's cost spent on a row nobody chose).
 */
import { SightlineError } from '@sightline/core';
import { decodeReportBytes, parseReport } from '@sightline/intake';
import { fileReportInputs } from './file-reports.js';

/** Fields of a line that make it a report of its own: the API's `text`, an issue's, a review's. */
const REPORT_FIELDS = /"(?:text|title|body|rating)"\s*:/;

/**
 * Whether JSON Lines are a log's lines holding a crash, not reports: no line has a report's
 * fields ({@link REPORT_FIELDS}), and the file read whole (as `investigate` reads it) gives an
 * exception, from a stack trace in a JSON string (a Logback `stack_trace`, pino's `err.stack`).
 */
function isCrashLog(text: string, filename: string | undefined): boolean {
  if (text.split('\n').some((line) => REPORT_FIELDS.test(line))) return false;
  return parseReport(text, filename ? { filename } : {}).exceptions.length > 0;
}

/**
 * Refuses an input that holds more than one report. An explicit report format other than `auto`
 * and `reviews` reads the whole input as one report, so it is never refused then; nor is a file
 * of JSON log lines a stack trace of which is read (one crash, {@link isCrashLog}).
 * @param bytes - the input as read.
 * @param name - the input as the command names it (`stdin` for `-`).
 * @param format - the `--report-format` given, if any.
 * @throws SightlineError `INVALID_ARGUMENT` naming how many reports the input holds, and what to
 *   do: `sightline triage` for all of them, one report on its own, or `--report-format text`.
 */
export function refuseSeveralReports(
  bytes: Uint8Array,
  name: string,
  format: string | undefined,
): void {
  if (format !== undefined && format !== 'auto' && format !== 'reviews') return;
  const filename = name === 'stdin' ? undefined : name;
  const { text } = decodeReportBytes(bytes);
  const { inputs, refused, holds } = fileReportInputs(text, filename, format);
  const count = inputs.length + refused.length;
  if (count < 2) return;
  if (holds === 'lines' && isCrashLog(text, filename)) return;
  const how =
    holds === 'lines'
      ? 'one a line of JSON Lines'
      : inputs[0]?.format === 'markdown-issue'
        ? 'one a row of a CSV table of issues'
        : 'one a row of a review export';
  const triage = filename ? `sightline triage ${filename}` : 'sightline triage -';
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `${name} holds ${count} reports (${how}); investigate takes one. Run "${triage}" to classify them all, then investigate the one that matters on its own (in a file of its own, or on stdin with --report -); or give --report-format text to investigate the whole file as one report.`,
    details: { file: name, reports: count },
  });
}
