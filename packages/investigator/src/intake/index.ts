/** Intake: raw bug reports (crash logs, Sentry events, issues, reviews) become `Report`s. */
export { decodeInput, type DecodedInput, type ReportInput } from './decode-input.js';
export { REPORT_FORMAT_NAMES, detectFormat } from './formats/index.js';
export { isInAppFile } from './frame-origin.js';
export { MAX_BODY_CHARS, MAX_LINE_CHARS, MAX_REPORT_BYTES } from './limits.js';
export { markInAppFrames, type MarkInAppFramesOptions } from './mark-in-app-frames.js';
export { allFrames, parseReport, parseReports, type ParseReportOptions } from './parse-report.js';
export type { Exception, Frame, Report, ReportKind } from './types.js';
