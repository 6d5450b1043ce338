/**
 * The service's one door to the investigation packages (intake: parse, classify; codebase: files,
 * index; investigator: in-app frames, investigate). Every import of them lives here, so moving
 * them between packages is an edit of this file only.
 */

export {
  type GitHistory,
  gateFile,
  gateText,
  gateTexts,
  makeOwnFolder,
  type OpenGitHistoryResult,
  openGitHistory,
  openRepository,
  type Repository,
  resolveInRoot,
  resolveRoot,
  SECRET_RULES_VERSION,
  withheldLine,
} from '@sightline/codebase';
export {
  ACTIONABLE_REVIEW_LABELS,
  allFrames,
  byteOrderMark,
  type Classification,
  type ClassificationLabel,
  classify,
  decodeReportBytes,
  exceptionsCauseFirst,
  type Frame,
  invalidBytesProblem,
  NOT_TEXT_HINT,
  parseReport,
  parseReports,
  type RefusedLine,
  type Report,
  type ReportEncoding,
  readReportLines,
  reportTitle,
  reviewExportRows,
  wordTokens,
} from '@sightline/intake';
export {
  type Diagnosis,
  diagnosisSchema,
  gateReport,
  ISSUE_COMMENT_MARKER,
  investigate,
  markInAppFrames,
  refusedHistoryWarning,
  renderIssueComment,
  type Suspect,
  suspectSchema,
  type VerificationResult,
} from '@sightline/investigator';
