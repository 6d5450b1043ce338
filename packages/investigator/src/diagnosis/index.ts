/** Diagnosis: the versioned schema, assembly from a model's output, verification, rendering. */
export { assembleDiagnosis, type DiagnosisContext } from './assemble-diagnosis.js';
export {
  findQuote,
  normalizeWhitespace,
  type QuoteLocation,
  stripLineGutters,
} from './find-quote.js';
export {
  type DiagnosisHistory,
  type DiagnosisRegressionWindow,
  type DiagnosisSuspectCommit,
  diagnosisHistorySchema,
} from './history-schema.js';
export { proseText } from './markdown-text.js';
export { type ParsedReport, parseReportMarkdown } from './parse-report-markdown.js';
export { renderHistoryHeadline, renderHistoryMarkdown } from './render-history.js';
export {
  ISSUE_COMMENT_MARKER,
  MAX_ISSUE_COMMENT_CHARS,
  renderIssueComment,
} from './render-issue-comment.js';
export { renderDiagnosisMarkdown } from './render-markdown.js';
export { REPORT_SECTIONS, REPORT_TEMPLATE, type ReportSection } from './report-template.js';
export {
  type AffectedFile,
  affectedFileSchema,
  DIAGNOSIS_LABELS,
  DIAGNOSIS_SCHEMA_VERSION,
  type Diagnosis,
  type DiagnosisLabel,
  type DiagnosisStats,
  type DiagnosisVerification,
  diagnosisJsonSchema,
  diagnosisSchema,
  type Evidence,
  evidenceSchema,
  lineRangeSchema,
  type ModelDiagnosis,
  modelDiagnosisSchema,
  type PhaseStats,
  REPORT_KINDS,
  type Suspect,
  suspectSchema,
} from './schema.js';
export { confidenceWords } from './trust-words.js';
export {
  formatVerificationErrors,
  type VerificationError,
  type VerificationErrorCode,
  type VerificationResult,
} from './verification-error.js';
export {
  QUOTE_LINE_TOLERANCE,
  type VerifyDiagnosisOptions,
  verifyDiagnosis,
} from './verify-diagnosis.js';
