/**
 * @sightline/investigator — turns a raw bug report and a repository into a verified diagnosis:
 * offline localization, the investigation agent, diagnosis verification. Plumbing (signals,
 * weights, frame resolution, prompts, assembly) is in `@sightline/investigator/internal`.
 */

// The agent: a model investigates through the tool funnel (explore → deep-dive → output).
export {
  type AgentPhase,
  DEFAULT_FUNNEL_BUDGETS,
  type FunnelBudgets,
} from './agent/phases.js';
export type { InvestigateWithModelProgress } from './agent/progress-reporter.js';
export { renderSuspects } from './agent/prompts.js';
export {
  DEFAULT_STEP_TIMEOUT_MS,
  type InvestigateWithModelOptions,
  type InvestigateWithModelResult,
  investigateWithModel,
} from './agent/run-agent.js';
export {
  type DiagnosisHistory,
  type DiagnosisRegressionWindow,
  type DiagnosisSuspectCommit,
  diagnosisHistorySchema,
} from './diagnosis/history-schema.js';
// Text from a report or a model into Markdown: its code spans kept, nothing else of it rendered.
export { proseText } from './diagnosis/markdown-text.js';
// The diagnosis: schema (zod and JSON Schema), verification against the repository, rendering.
export {
  ISSUE_COMMENT_MARKER,
  MAX_ISSUE_COMMENT_CHARS,
  renderIssueComment,
} from './diagnosis/render-issue-comment.js';
export { renderDiagnosisMarkdown } from './diagnosis/render-markdown.js';
export {
  type AffectedFile,
  DIAGNOSIS_LABELS,
  DIAGNOSIS_SCHEMA_VERSION,
  type Diagnosis,
  type DiagnosisLabel,
  type DiagnosisStats,
  diagnosisJsonSchema,
  diagnosisSchema,
  type Evidence,
  type PhaseStats,
  type Suspect,
  suspectSchema,
} from './diagnosis/schema.js';
export { confidenceWords } from './diagnosis/trust-words.js';
export {
  formatVerificationErrors,
  type VerificationError,
  type VerificationErrorCode,
  type VerificationResult,
} from './diagnosis/verification-error.js';
export { verifyDiagnosis } from './diagnosis/verify-diagnosis.js';
// The main job: report + repository → verified diagnosis.
export {
  type InvestigateOptions,
  type InvestigateProgress,
  type InvestigateReport,
  type InvestigateResult,
  type InvestigateSettings,
  investigate,
  type PreparedReport,
} from './investigate/investigate.js';
export { type RefusalAdvice, refusedHistoryWarning } from './investigate/read-history.js';
// Offline localization: ranked suspect files and lines, and the diagnosis built from them.
export { type LocalizeOptions, localize } from './localize/localize.js';
// Marking a report's in-app frames against a repository's files.
export { markInAppFrames } from './localize/mark-in-app-frames.js';
export { type DiagnoseOfflineOptions, diagnoseOffline } from './localize/offline-diagnosis.js';
// A report's text through the secret gate, before anything reads or shows it.
export { gateReport } from './report/gate-report.js';
// Reading a report against a repository: parsed, gated, its in-app frames marked.
export { prepareReport, prepareReports } from './report/prepare-report.js';
