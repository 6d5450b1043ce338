/** Parsing: raw bug reports (crash logs, Sentry events, issues, reviews) become `Report`s. */
export { binaryTextProblem } from './binary-text.js';
export {
  byteOrderMark,
  CONVERT_TO_UTF8_HINT,
  type DecodedBytes,
  decodeReportBytes,
  invalidBytesNote,
  invalidBytesProblem,
  NOT_TEXT_HINT,
  type ReportEncoding,
} from './decode-bytes.js';
export { type DecodedInput, decodeInput, type ReportInput } from './decode-input.js';
export { detectFormat, REPORT_FORMAT_NAMES } from './formats/index.js';
export {
  type RefusedReviewRow,
  type ReviewExport,
  type ReviewExportRow,
  reviewExportRows,
} from './formats/reviews.js';
export { isInAppFile } from './frame-origin.js';
export * from './issue-templates.js';
export { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';
export {
  isJsonLinesName,
  type JsonLine,
  type JsonLines,
  type RefusedLine,
  readJsonLines,
} from './json-lines.js';
export { MAX_BODY_CHARS, MAX_LINE_CHARS, MAX_REPORT_BYTES } from './limits.js';
export {
  allFrames,
  exceptionsCauseFirst,
  type ParseReportOptions,
  parseReport,
  parseReports,
} from './parse-report.js';
export {
  type ReadReportLinesOptions,
  type ReportLine,
  type ReportLines,
  readReportLines,
} from './report-lines.js';
export type { Exception, Frame, Report, ReportKind } from './types.js';
