/**
 * @sightline/service — the triage service: sources → store → parse → classify → group →
 * investigate → results, over SQLite (embedded) or Postgres (with pg-boss workers), behind a
 * JSON API with webhooks and live updates. The vocabulary (labels, statuses, investigation states)
 * is `@sightline/service/vocabulary`; plumbing (grouping keys, queue engines' helpers, the
 * sources' provider parts, the data lock) is in `@sightline/service/internal`.
 */

// The morning digest: what waits, by webhook and e-mail, on demand or on a schedule.
export {
  checkDigestSchedule,
  DIGEST_ENV,
  type Digest,
  type DigestConfig,
  type DigestItem,
  type DigestOutcome,
  type DigestSettings,
  readDigestConfig,
  sendDigest,
} from './digest/index.js';
export { TOKEN_FILE } from './http/api-token.js';
// Running the service: the HTTP app, the pipeline and the poller over one store.
export { type AppLimits, type AppOptions, type AppType, createApp } from './http/app.js';
export { describeCalls, tokenInShell } from './http/describe-calls.js';
export { groupMarkdown } from './http/group-markdown.js';
export { openApiDocument } from './http/openapi.js';
export type {
  GroupDetail,
  InboxPageView,
  InboxQueryParams,
  InboxRow,
  SavedViewCreate,
} from './http/schemas.js';
// The pipeline: ingest, process-report and investigate-group jobs, webhooks.
export {
  createPipeline,
  type GroupInvestigation,
  type IngestResult,
  PIPELINE_POLICIES,
  type Pipeline,
  type PipelineContextOptions,
  type RegateOutcome,
  regateStored,
  type WebhookOutcome,
} from './pipeline/index.js';
export { DEFAULT_MODEL_NAME, parseModelList } from './pipeline/model-choice.js';
export { type Poller, type PollerOptions, startPoller } from './poller/poller.js';
// The job queue: the embedded SQLite table or pg-boss.
export {
  type FailedJob,
  type JobContext,
  type JobHandler,
  type JobQueue,
  openQueue,
  type QueuePolicy,
} from './queue/index.js';
export {
  defaultDataDir,
  type RunningService,
  type ServiceOptions,
  startService,
} from './service.js';
export { appStoreSource } from './sources/app-store/index.js';
// Sources: the module interface, the built-in modules, their registry and credentials.
export { createBuiltInRegistry } from './sources/built-in.js';
export { type CredentialStore, createCredentialStore } from './sources/credentials.js';
export { defineSourceModule } from './sources/define-source-module.js';
export { filesSource } from './sources/files.js';
export { githubSource } from './sources/github/index.js';
export { googlePlaySource } from './sources/google-play/index.js';
export { createSourceRegistry, type SourceRegistry } from './sources/registry.js';
export { sentrySource } from './sources/sentry/index.js';
export { parseSourceHosts } from './sources/source-addresses.js';
export type {
  PollOptions,
  PollResult,
  RawReport,
  Source,
  SourceContext,
  SourceModule,
  SourceTestResult,
  WebhookRequest,
  WebhookResult,
} from './sources/types.js';
// The store: a declared interface of domain records, SQLite or Postgres.
export {
  type DatabaseLocation,
  type DiagnosisRecord,
  type DiagnosisStore,
  describeDatabaseLocation,
  type GroupRecord,
  type GroupStore,
  type InboxPage,
  type InboxQuery,
  type InvestigationProgress,
  type NewSource,
  openStore,
  type ParseDatabaseLocationOptions,
  type ProjectRecord,
  type ProjectStore,
  parseDatabaseLocation,
  type RefuseDrivePathOptions,
  type ReportAnalysis,
  type ReportOrigin,
  type ReportPayload,
  type ReportRecord,
  type ReportStore,
  type ResolveProjectOptions,
  refuseDrivePath,
  resolveProject,
  type SavedView,
  type SavedViewFilters,
  type SavedViewStore,
  type SourceRecord,
  type SourceStore,
  type Store,
  sqliteAccessProblem,
} from './store/index.js';
