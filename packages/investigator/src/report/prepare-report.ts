/**
 * Reading a report against a repository: parsed, passed through the secret gate (`gateReport`),
 * then its in-app frames marked against the repository's files. The investigation, `sightline
 * triage --repo` and the MCP report tools start here; the triage service gates and marks its
 * stored reports the same way.
 */
import type { Repository } from '@sightline/codebase';
import {
  type ParseReportOptions,
  parseReport,
  parseReports,
  type Report,
  type ReportInput,
} from '@sightline/intake';
import { markInAppFrames } from '../localize/mark-in-app-frames.js';
import { gateReport } from './gate-report.js';

/**
 * Parses one report, withholds the lines of it that hold secrets (`gateReport`) and marks its
 * in-app frames against a repository.
 * @param input the report: text, bytes or a parsed object (a Sentry event).
 * @param repository the repository the report is about (see `openRepository`).
 * @param options file name and format hints for the parser.
 * @throws SightlineError `REPORT_EMPTY`, `REPORT_TOO_LARGE`, `REPORT_UNPARSEABLE`, or
 *   `INVALID_ARGUMENT` (unknown format), as `parseReport`.
 */
export async function prepareReport(
  input: ReportInput,
  repository: Repository,
  options: ParseReportOptions = {},
): Promise<Report> {
  return markInAppFrames(await gateReport(parseReport(input, options)), repository);
}

/**
 * Parses every report of an input (a review export holds many), gates them and marks their in-app
 * frames, as {@link prepareReport}.
 * @throws SightlineError as {@link prepareReport}.
 */
export async function prepareReports(
  input: ReportInput,
  repository: Repository,
  options: ParseReportOptions = {},
): Promise<Report[]> {
  return Promise.all(
    parseReports(input, options).map(async (report) =>
      markInAppFrames(await gateReport(report), repository),
    ),
  );
}
