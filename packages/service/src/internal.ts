/**
 * @sightline/service/internal — plumbing for Sightline's own packages, benchmarks and tests: the
 * main entry and everything behind it (grouping keys, the API's zod schemas and views, the queue
 * engines' helpers, the store's parts, the providers' modules and clients, the data lock). Not a
 * stable API; use the main entry.
 */

export { type CheckDataFolderOptions, checkDataFolder } from './data/data-folder.js';
export { acquireDataLock, type DataLock, LOCK_FILE } from './data/data-lock.js';
export { ensureApiToken, isLoopback } from './http/api-token.js';
export { DEFAULT_LIMITS } from './http/middleware/limits.js';
export { refuseSecretName, refuseSecretSettings } from './http/refuse-secret-name.js';
export * from './http/schemas.js';
export * from './index.js';
export * from './pipeline/index.js';
export * from './queue/index.js';
export { rawReportToApiReport } from './sources/api-report.js';
export type {
  AppStoreConfig,
  AppStoreCredentials,
} from './sources/app-store/index.js';
export { BUILT_IN_SOURCES } from './sources/built-in.js';
export { type CredentialOrigin, credentialsVariable } from './sources/credentials.js';
export {
  CONNECTION_TEST_TIMEOUT_MS,
  testConnection,
} from './sources/define-source-module.js';
export {
  contentId,
  type FileReportOptions,
  type FileReports,
  fileToRawReports,
  type RefusedReport,
  type ReportNumbering,
  refusalClause,
} from './sources/files.js';
export {
  type PostedComment,
  type PostIssueCommentOptions,
  postIssueComment,
} from './sources/github/comment.js';
export type { GitHubConfig, GitHubCredentials } from './sources/github/index.js';
export {
  isIssue as isGitHubIssue,
  issueReport as gitHubIssueReport,
} from './sources/github/reports.js';
export type {
  GooglePlayConfig,
  GooglePlayCredentials,
} from './sources/google-play/index.js';
export {
  describeIssues,
  type InstantiateSourceOptions,
  instantiateSource,
  type StoredSource,
  testStoredSource,
} from './sources/instantiate.js';
export { ProviderError, retryAfterMs } from './sources/provider-http.js';
export { reportTextProblem } from './sources/report-text-problem.js';
export type { SentryConfig, SentryCredentials } from './sources/sentry/index.js';
export {
  describeSourceKind,
  type SourceField,
  type SourceKind,
  sourceFields,
} from './sources/source-kinds.js';
export * from './store/index.js';
export * from './vocabulary.js';
export * from './vocabulary-schemas.js';
