/**
 * @sightline/service — the triage service: sources → store → parse → classify → group →
 * investigate → results, over SQLite (embedded) or Postgres (with pg-boss workers), behind a
 * JSON API with webhooks and live updates.
 */

export { acquireDataLock, type DataLock, LOCK_FILE } from './data/data-lock.js';
export { ensureApiToken, isLoopback, TOKEN_FILE } from './http/api-token.js';
export { type AppLimits, type AppOptions, createApp } from './http/app.js';
export { describeCalls } from './http/describe-calls.js';
export { groupMarkdown } from './http/markdown-route.js';
export { openApiDocument } from './http/openapi.js';
export type {
  DiagnosisView,
  GroupDetail,
  GroupStatus,
  GroupSummary,
  Health,
  InboxPageView,
  InboxQueryParams,
  InboxSortParam,
  ReportView,
  SavedViewCreate,
  SavedViewView,
  Settings,
  SourceView,
} from './http/schemas.js';
export * from './pipeline/index.js';
export { type Poller, type PollerOptions, startPoller } from './poller/poller.js';
export * from './queue/index.js';
export {
  defaultDataDir,
  type RunningService,
  type ServiceOptions,
  startService,
} from './service.js';
export {
  type AppStoreConfig,
  type AppStoreCredentials,
  appStoreSource,
  createAppStoreModule,
} from './sources/app-store/index.js';
export { BUILT_IN_SOURCES, createBuiltInRegistry } from './sources/built-in.js';
export {
  type CredentialOrigin,
  type CredentialStore,
  createCredentialStore,
  credentialsVariable,
} from './sources/credentials.js';
export {
  CONNECTION_TEST_TIMEOUT_MS,
  defineSourceModule,
  type ProviderUrlOptions,
  testConnection,
} from './sources/define-source-module.js';
export {
  contentId,
  type FileReportOptions,
  filesSource,
  fileToRawReports,
} from './sources/files.js';
export {
  type PostedComment,
  type PostIssueCommentOptions,
  postIssueComment,
} from './sources/github/comment.js';
export { type GitHubConfig, type GitHubCredentials, githubSource } from './sources/github/index.js';
export {
  isIssue as isGitHubIssue,
  issueReport as gitHubIssueReport,
} from './sources/github/reports.js';
export {
  createGooglePlayModule,
  type GooglePlayConfig,
  type GooglePlayCredentials,
  googlePlaySource,
} from './sources/google-play/index.js';
export {
  describeIssues,
  type InstantiateSourceOptions,
  instantiateSource,
  type StoredSource,
} from './sources/instantiate.js';
export { ProviderError } from './sources/provider-http.js';
export { createSourceRegistry, type SourceRegistry } from './sources/registry.js';
export { type SentryConfig, type SentryCredentials, sentrySource } from './sources/sentry/index.js';
export type * from './sources/types.js';
export * from './store/index.js';
