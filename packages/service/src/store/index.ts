/** The store: one schema and one typed SQL layer (Kysely) over SQLite or Postgres. */
import { createDiagnosisStore } from './diagnoses.js';
import { createGroupStore } from './groups.js';
import { type InboxPage, type InboxQuery, queryInbox } from './inbox.js';
import { type DatabaseLocation, openDatabase } from './open-database.js';
import { createProjectStore } from './projects.js';
import { createReportStore } from './reports.js';
import { createSavedViewStore } from './saved-views.js';
import { createSourceStore } from './sources.js';

export type { DiagnosisStore, NewDiagnosis } from './diagnoses.js';
export type { AttachReport, GroupKey, GroupStore } from './groups.js';
export { type InboxPage, type InboxQuery, MAX_INBOX_PAGE } from './inbox.js';
export {
  type DatabaseLocation,
  type OpenDatabase,
  openDatabase,
  parseDatabaseLocation,
  redactUrl,
} from './open-database.js';
export type { ProjectStore } from './projects.js';
export type { ReportOrigin, ReportStore } from './reports.js';
export type { SavedView, SavedViewFilters, SavedViewStore } from './saved-views.js';
export * from './schema.js';
export type { NewSource, PollRecord, SourceStore } from './sources.js';
export { isoAfter, nowIso } from './time.js';

/**
 * Opens the store at `location` (migrating it) and returns its parts.
 *
 * @throws SightlineError `STORE_UNAVAILABLE`, `STORE_VERSION_MISMATCH` (see `openDatabase`).
 * @example const store = await openStore({ sqlite: '.sightline/serve/sightline.db' });
 */
export async function openStore(location: DatabaseLocation) {
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
    inbox: (query: InboxQuery): Promise<InboxPage> => queryInbox(db, dialect, query),
    close,
  };
}

/** An open store. */
export type Store = Awaited<ReturnType<typeof openStore>>;
