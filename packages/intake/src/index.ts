/**
 * @sightline/intake — raw bug reports (crash logs in 12+ formats, Sentry events, issues, app
 * reviews) become `Report`s, and reports are classified as bug, crash, feature or other.
 * Plumbing (decoding, limits, data-set readers) is in `@sightline/intake/internal`; the
 * classifiers' training in `@sightline/intake/training`.
 */

// Classifying reports: offline (exception rule + shipped review classifier) or with a model.
export {
  type ClassifyOptions,
  classify,
  classifyOffline,
  shippedIssueClassifier,
  shippedReviewClassifier,
} from './classify/classify.js';
export {
  type ClassifyWithModelOptions,
  classifyWithModel,
} from './classify/classify-with-model.js';
export {
  type ExamplePool,
  type LabeledExample,
  readExamplePool,
} from './classify/example-pool.js';
export { type FencedBlock, fencedBlocks } from './classify/fenced-blocks.js';
export {
  type IssueClassifier,
  type IssueLabel,
  type IssuePrediction,
  loadIssueClassifier,
} from './classify/issue-classifier.js';
export {
  ACTIONABLE_REVIEW_LABELS,
  type ActionableReviewLabel,
  loadReviewClassifier,
  type ReviewClassifier,
  type ReviewClassifierModel,
  type ReviewLabel,
  type ReviewPrediction,
} from './classify/review-classifier.js';
export {
  CLASSIFICATION_LABELS,
  type Classification,
  type ClassificationLabel,
} from './classify/types.js';
export {
  isUncertainLabel,
  UNCERTAIN_BELOW,
  UNCERTAIN_MARGIN,
} from './classify/uncertain-label.js';
// Words of a text, spaceless scripts (Chinese, Japanese, Thai…) segmented into words.
export { wordTokens } from './classify/word-tokens.js';
// Reading reports: text, bytes or a parsed object → Report.
export { binaryTextProblem } from './parse/binary-text.js';
export {
  byteOrderMark,
  CONVERT_TO_UTF8_HINT,
  type DecodedBytes,
  decodeReportBytes,
  invalidBytesNote,
  invalidBytesProblem,
  NOT_TEXT_HINT,
  type ReportEncoding,
} from './parse/decode-bytes.js';
export type { ReportInput } from './parse/decode-input.js';
export { detectFormat, REPORT_FORMAT_NAMES } from './parse/formats/index.js';
export {
  type RefusedReviewRow,
  type ReviewExport,
  type ReviewExportRow,
  reviewExportRows,
} from './parse/formats/reviews.js';
// Issue templates: the lines a template writes into every report, read without them.
export {
  type Boilerplate,
  boilerplateOf,
  DEFAULT_BOILERPLATE,
  joinBoilerplate,
  normalizeLine,
  readBoilerplate,
  reportWithoutTemplate,
  withoutTemplateLines,
} from './parse/issue-templates.js';
export { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './parse/json-depth.js';
export type { RefusedLine } from './parse/json-lines.js';
export { MAX_REPORT_BYTES } from './parse/limits.js';
export { trimEndCharacters, wholeWordsWithin, withoutQueryAndFragment } from './parse/lines.js';
export {
  allFrames,
  exceptionsCauseFirst,
  type ParseReportOptions,
  parseReport,
  parseReports,
} from './parse/parse-report.js';
export {
  type ReadReportLinesOptions,
  type ReportLine,
  type ReportLines,
  readReportLines,
} from './parse/report-lines.js';
export { MAX_LISTED_TITLE_CHARS, reportTitle } from './parse/report-title.js';
export type { Exception, Frame, Report, ReportKind } from './parse/types.js';
export {
  ESCAPED_LONE_SURROGATE,
  LONE_SURROGATE,
  wellFormedJson,
  wellFormedText,
} from './parse/well-formed.js';
