/** Diagnosis: the versioned schema, assembly from a model's output, verification, rendering. */
export { assembleDiagnosis, type DiagnosisContext } from './assemble-diagnosis.js';
export { findQuote, normalizeWhitespace, type QuoteLocation } from './find-quote.js';
export { renderDiagnosisMarkdown } from './render-markdown.js';
export {
  type AffectedFile,
  affectedFileSchema,
  DIAGNOSIS_LABELS,
  DIAGNOSIS_SCHEMA_VERSION,
  type Diagnosis,
  type DiagnosisLabel,
  type DiagnosisStats,
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
export {
  formatVerificationErrors,
  type VerificationError,
  type VerificationErrorCode,
  type VerificationResult,
} from './verification-error.js';
export { QUOTE_LINE_TOLERANCE, verifyDiagnosis } from './verify-diagnosis.js';
