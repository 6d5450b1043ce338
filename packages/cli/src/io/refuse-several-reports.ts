/**
 * `sightline investigate` takes one report. A file holding several (JSON Lines, a review export as
 * CSV, NDJSON or a JSON array, a CSV table of issues) is refused with what to do, rather than investigating its first
 * report (the rest silently left out, a model's cost spent on a row nobody chose).
 */
import { SightlineError } from '@sightline/core';
import { decodeReportBytes } from '@sightline/intake';
import { fileReportInputs } from './file-reports.js';

/**
 * Refuses an input that holds more than one report. An explicit report format other than `auto`
 * and `reviews` reads the whole input as one report, so it is never refused then.
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
  const { inputs, refused, holds } = fileReportInputs(
    decodeReportBytes(bytes).text,
    filename,
    format,
  );
  const count = inputs.length + refused.length;
  if (count < 2) return;
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
