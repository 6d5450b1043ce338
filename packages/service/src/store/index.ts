/**
 * The store: one declared interface of domain records (camelCase, booleans, parsed JSON) over
 * SQLite or Postgres. The SQL rows and their mapping stay inside this folder.
 */
import type { Kysely } from 'kysely';
import { createDiagnosisStore, type DiagnosisStore } from './diagnoses.js';
import { createDigestStore, type DigestStore } from './digests.js';
import { createGroupStore, type GroupStore } from './groups.js';
import { type InboxPage, type InboxQuery, queryInbox } from './inbox.js';
import { type InboxRowFacts, inboxRowFacts } from './inbox-rows.js';
import {
  createInvestigationWaitStore,
  type InvestigationWaitStore,
} from './investigation-waits.js';
import { createModelSpendStore, type ModelSpendStore } from './model-spend.js';
import { type DatabaseLocation, openDatabase } from './open-database.js';
import { createProjectStore, type ProjectStore } from './projects.js';
import type { GroupRecord } from './records.js';
import { createReportStore, type ReportStore } from './reports.js';
import { createSavedViewStore, type SavedViewStore } from './saved-views.js';
import type { Database } from './schema.js';
import { createSourceStore, type SourceStore } from './sources.js';

export type { DiagnosisStore, NewDiagnosis, StoredDiagnosisTexts } from './diagnoses.js';
export type {
  DigestActivity,
  DigestCounts,
  DigestRecord,
  DigestStore,
} from './digests.js';
export { type RefuseDrivePathOptions, refuseDrivePath } from './drive-path.js';
export type { AttachReport, GroupKey } from './group-attach.js';
export type { RegroupReport, RegroupResult } from './group-regroup.js';
export type { GroupStore } from './groups.js';
export { type InboxPage, type InboxQuery, MAX_INBOX_PAGE } from './inbox.js';
export {
  type Culprit,
  type DiagnosisCause,
  diagnosisCause,
  type InboxRowFacts,
  TREND_DAYS,
} from './inbox-rows.js';
export type { InvestigationWait, InvestigationWaitStore } from './investigation-waits.js';
export { type ModelSpend, type ModelSpendStore, utcDay } from './model-spend.js';
export {
  type DatabaseLocation,
  describeDatabaseLocation,
  type OpenDatabase,
  openDatabase,
  type ParseDatabaseLocationOptions,
  parseDatabaseLocation,
} from './open-database.js';
export type { ProjectStore } from './projects.js';
export type * from './records.js';
export {
  type InsertedReport,
  payloadText,
  type ReportOrigin,
  type ReportRevision,
  type ReportStore,
  type WaitingReport,
} from './reports.js';
export { type ResolveProjectOptions, resolveProject } from './resolve-project.js';
export type { SavedViewStore } from './saved-views.js';
export { type Database, type ReportStage, STORE_SCHEMA_VERSION } from './schema.js';
export type { NewSource, PollRecord, SourceStore } from './sources.js';
export { sqliteAccessProblem } from './sqlite-access.js';
export { isoAfter, nowIso } from './time.js';

/** An open store: its parts, each a declared interface over domain records. */
export interface Store {
  dialect: 'sqlite' | 'postgres';
  location: DatabaseLocation;
  projects: ProjectStore;
  sources: SourceStore;
  reports: ReportStore;
  groups: GroupStore;
  diagnoses: DiagnosisStore;
  savedViews: SavedViewStore;
  /** Digests sent, and what happened since (see `DigestStore`). */
  digests: DigestStore;
  /** What investigations with a model cost, per day (the daily cost cap). */
  spend: ModelSpendStore;
  /** Investigations waiting for the next day's budget. */
  waits: InvestigationWaitStore;
  /** One page of the inbox (see `InboxQuery`). */
  inbox(query: InboxQuery): Promise<InboxPage>;
  /** What the inbox rows of `groups` show: culprit, root cause, 14-day trend, releases, platforms. */
  inboxRows(groups: GroupRecord[], now?: Date): Promise<Map<string, InboxRowFacts>>;
  /**
   * The database itself, for the embedded job queue's `jobs` table (SQLite); everything else
   * goes through the parts above.
   */
  db: Kysely<Database>;
  /** Closes the connections. */
  close(): Promise<void>;
}

/**
 * Opens the store at `location` (migrating it) and returns its parts.
 *
 * @throws SightlineError `STORE_UNAVAILABLE`, `STORE_VERSION_MISMATCH` (see `openDatabase`).
 * @example const store = await openStore({ sqlite: '.sightline/serve/sightline.db' });
 */
export async function openStore(location: DatabaseLocation): Promise<Store> {
  const { db, dialect, close } = await openDatabase(location);
  return {
    db,
    dialect,
    location,
    projects: createProjectStore(db),
    sources: createSourceStore(db),
    reports: createReportStore(db),
    groups: createGroupStore(db, dialect),
    diagnoses: createDiagnosisStore(db),
    savedViews: createSavedViewStore(db),
    digests: createDigestStore(db),
    spend: createModelSpendStore(db),
    waits: createInvestigationWaitStore(db),
    inbox: (query) => queryInbox(db, dialect, query),
    inboxRows: (groups, now) => inboxRowFacts(db, dialect, groups, now),
    close,
  };
}
