/**
 * Migrations of the store, run by Kysely's Migrator in order on open. Written once for both
 * dialects: portable column types only (text, integer), no dialect-specific defaults.
 */
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { createGroupTitleSearch } from './group-title-search.js';
import { createReportSearch, recreateReportSearch } from './report-search.js';

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sightline_meta')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('projects')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('repo', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('sources')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) => column.notNull().references('projects.id'))
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('config', 'text', (column) => column.notNull())
      .addColumn('enabled', 'integer', (column) => column.notNull())
      .addColumn('poll_interval_ms', 'integer')
      .addColumn('cursor', 'text')
      .addColumn('last_poll_at', 'text')
      .addColumn('next_poll_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('consecutive_failures', 'integer', (column) => column.notNull())
      .addColumn('poll_count', 'integer', (column) => column.notNull())
      .addColumn('report_count', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('reports')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) => column.notNull().references('projects.id'))
      .addColumn('source_id', 'text')
      .addColumn('source_kind', 'text', (column) => column.notNull())
      .addColumn('source_report_id', 'text', (column) => column.notNull())
      .addColumn('source_key', 'text', (column) => column.notNull().unique())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .addColumn('format', 'text', (column) => column.notNull())
      .addColumn('payload_type', 'text', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('filename', 'text')
      .addColumn('url', 'text')
      .addColumn('meta', 'text', (column) => column.notNull())
      .addColumn('stage', 'text', (column) => column.notNull())
      .addColumn('parsed', 'text')
      .addColumn('label', 'text')
      .addColumn('classification', 'text')
      .addColumn('group_id', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('reports_group')
      .on('reports')
      .columns(['group_id', 'received_at'])
      .execute();
    await db.schema
      .createTable('groups')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) => column.notNull().references('projects.id'))
      .addColumn('label', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('signature', 'text', (column) => column.notNull())
      .addColumn('minhash', 'text')
      .addColumn('count', 'integer', (column) => column.notNull())
      .addColumn('first_seen', 'text', (column) => column.notNull())
      .addColumn('last_seen', 'text', (column) => column.notNull())
      .addColumn('source_kinds', 'text', (column) => column.notNull())
      .addColumn('representative_report_id', 'text', (column) => column.notNull())
      .addColumn('latest_diagnosis_version', 'integer', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('groups_signature', ['project_id', 'signature'])
      .execute();
    await db.schema
      .createIndex('groups_last_seen')
      .on('groups')
      .columns(['last_seen', 'id'])
      .execute();
    await db.schema
      .createIndex('groups_filters')
      .on('groups')
      .columns(['project_id', 'label', 'status', 'last_seen'])
      .execute();
    await db.schema.createIndex('groups_updated').on('groups').column('updated_at').execute();
    await db.schema
      .createTable('group_bands')
      .addColumn('project_id', 'text', (column) => column.notNull())
      .addColumn('label', 'text', (column) => column.notNull())
      .addColumn('band', 'text', (column) => column.notNull())
      .addColumn('group_id', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('group_bands_lookup')
      .on('group_bands')
      .columns(['project_id', 'label', 'band'])
      .execute();
    await db.schema
      .createTable('diagnoses')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('group_id', 'text', (column) => column.notNull().references('groups.id'))
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('run_key', 'text', (column) => column.notNull().unique())
      .addColumn('report_id', 'text', (column) => column.notNull())
      .addColumn('revision', 'text', (column) => column.notNull())
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('model', 'text')
      .addColumn('diagnosis', 'text', (column) => column.notNull())
      .addColumn('suspects', 'text', (column) => column.notNull())
      .addColumn('verification', 'text', (column) => column.notNull())
      .addColumn('duration_ms', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('diagnoses_version', ['group_id', 'version'])
      .execute();
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('queue', 'text', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('singleton_key', 'text')
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull())
      .addColumn('max_attempts', 'integer', (column) => column.notNull())
      .addColumn('run_after', 'text', (column) => column.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    await db.schema
      .createIndex('jobs_next')
      .on('jobs')
      .columns(['state', 'run_after', 'created_at'])
      .execute();
    // At most one waiting or running job per singleton key (partial unique index: both dialects).
    await sql`create unique index jobs_singleton on jobs (singleton_key) where singleton_key is not null and state in ('created', 'active')`.execute(
      db,
    );
  },
};

/** Saved views: named inbox filters and sort order. */
const savedViews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('saved_views')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .addColumn('filters', 'text', (column) => column.notNull())
      .addColumn('sort', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
  },
};

/** Reports counted by stage (the pipeline's progress) without reading their payloads. */
const reportsByStage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('reports_stage').on('reports').column('stage').execute();
  },
};

/** Each group's investigation state, kept by the pipeline, so the API says it instead of a guess. */
const investigationState: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('investigation_state', 'text').execute();
    await db.schema.alterTable('groups').addColumn('investigation_detail', 'text').execute();
    await db.schema
      .alterTable('groups')
      .addColumn('investigation_attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};

/** Provider identities of groups: a Sentry issue and its events, a GitHub issue, a review. */
const groupIdentities: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_identities')
      .addColumn('project_id', 'text', (column) => column.notNull())
      .addColumn('identity', 'text', (column) => column.notNull())
      .addColumn('group_id', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('group_identities_pk', ['project_id', 'identity'])
      .execute();
  },
};

/** Revisions of reports edited upstream (the original kept as revision 1). */
const reportRevisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('report_revisions')
      .addColumn('report_id', 'text', (column) => column.notNull())
      .addColumn('revision', 'integer', (column) => column.notNull())
      .addColumn('payload_type', 'text', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('report_revisions_pk', ['report_id', 'revision'])
      .execute();
  },
};

/** Merges by hand: a merged group points at its target; what each merge moved is kept. */
const groupMerges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('merged_into', 'text').execute();
    await db.schema
      .createTable('group_merges')
      .addColumn('group_id', 'text', (column) => column.primaryKey())
      .addColumn('into_group_id', 'text', (column) => column.notNull())
      .addColumn('report_ids', 'text', (column) => column.notNull())
      .addColumn('identities', 'text', (column) => column.notNull())
      .addColumn('merged_at', 'text', (column) => column.notNull())
      .execute();
  },
};

/**
 * Releases seen per group (see `group-releases.ts`), and the release a group was resolved in, so
 * that only a report from a later release marks it regressed.
 */
const groupReleases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_releases')
      .addColumn('group_id', 'text', (column) => column.notNull())
      .addColumn('release', 'text', (column) => column.notNull())
      .addColumn('first_seen', 'text', (column) => column.notNull())
      .addColumn('last_seen', 'text', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('group_releases_pk', ['group_id', 'release'])
      .execute();
    await db.schema.alterTable('groups').addColumn('resolved_release', 'text').execute();
    await db.schema.alterTable('groups').addColumn('resolved_at', 'text').execute();
  },
};

/** Triage by hand: who handles a group and how pressing it is (both null until set). */
const groupTriage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('assignee', 'text').execute();
    await db.schema.alterTable('groups').addColumn('priority', 'text').execute();
  },
};

/**
 * The morning: when a group was created and last regressed (what a digest lists), the digests
 * sent, what each investigation with a model cost (the daily cap), and investigations waiting for
 * the next day's budget.
 */
const morning: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('created_at', 'text').execute();
    await db.schema.alterTable('groups').addColumn('regressed_at', 'text').execute();
    await db.schema.createIndex('groups_created').on('groups').column('created_at').execute();
    await db.schema.createIndex('groups_regressed').on('groups').column('regressed_at').execute();
    await db.schema.createIndex('diagnoses_created').on('diagnoses').column('created_at').execute();
    await db.schema
      .createTable('digests')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('since', 'text', (column) => column.notNull().unique())
      .addColumn('until', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('channels', 'text', (column) => column.notNull())
      .addColumn('counts', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema
      .createTable('model_spend')
      .addColumn('run_key', 'text', (column) => column.primaryKey())
      .addColumn('group_id', 'text', (column) => column.notNull())
      .addColumn('model', 'text', (column) => column.notNull())
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('cost_micro_usd', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('model_spend_day').on('model_spend').column('day').execute();
    await db.schema
      .createTable('investigation_waits')
      .addColumn('group_id', 'text', (column) => column.primaryKey())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('model', 'text')
      .addColumn('until', 'text', (column) => column.notNull())
      .execute();
  },
};

/** Full-text search over reports' text (see `report-search.ts`). */
function reportTextSearch(dialect: 'sqlite' | 'postgres'): Migration {
  return { up: (db) => createReportSearch(db, dialect) };
}

/**
 * The inbox at scale: its newest-first order within one project from an index (not a sort of every
 * group), and group titles searched through an index on SQLite (see `group-title-search.ts`).
 * Partial indexes: the inbox never lists merged groups.
 */
function inboxIndexes(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index groups_inbox_project on groups (project_id, last_seen, id) where merged_into is null`.execute(
        db,
      );
      await createGroupTitleSearch(db, dialect);
    },
  };
}

/**
 * The embedded queue claims each queue's next jobs on its own (fair shares between queues, see
 * `sqlite-queue.ts`): an index per queue, so the investigations' claim does not read past a burst
 * of thousands of report batches.
 */
const jobsByQueue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('jobs_queue_next')
      .on('jobs')
      .columns(['queue', 'state', 'run_after', 'created_at'])
      .execute();
  },
};

/**
 * Lookups that scanned a whole table: a project's newest reports (`reports.recentTexts`, the
 * duplicate-candidate texts) read from an index in their order, ties by id. Source names unique
 * (two adds of one name at once made two sources): a name held twice already keeps the oldest
 * source, the others get their id appended.
 */
const lookupIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update sources set name = name || ' (' || id || ')' where exists (select 1 from sources older where older.name = sources.name and (older.created_at < sources.created_at or (older.created_at = sources.created_at and older.id < sources.id)))`.execute(
      db,
    );
    await sql`create unique index sources_name on sources (name)`.execute(db);
    await sql`create index reports_project_received on reports (project_id, received_at desc, id)`.execute(
      db,
    );
  },
};

/**
 * A source's settings revision, so a poll that ends after its source was reconfigured keeps no
 * cursor, error or schedule of the old settings (`sources.recordPoll`).
 */
const sourceSettingsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sources')
      .addColumn('settings_revision', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * The secret rules each stored analysis and diagnosis was gated with (`secret_rules`): those
 * stored before the service gated reports, or under older rules, are gated again at start
 * (`regateStored`).
 */
const secretRules: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['reports', 'diagnoses']) {
      await db.schema.alterTable(table).addColumn('secret_rules', 'integer').execute();
      // The check at every start reads the rows under older rules through it (store/secret-rules-column.ts).
      await db.schema
        .createIndex(`${table}_secret_rules`)
        .on(table)
        .column('secret_rules')
        .execute();
    }
  },
};

/**
 * Report text search made again with the text it indexes now (see `report-search.ts`): in 0017,
 * a JSON payload's `\n`, `\r` and `\t` read as spaces; in 0020, the analysis' title and body,
 * which the secret gate has read, instead of the raw payload.
 */
function reportTextSearchRebuilt(dialect: 'sqlite' | 'postgres'): Migration {
  return { up: (db) => recreateReportSearch(db, dialect) };
}

/**
 * When the provider last changed the status of an identity's issue, as its delivery said
 * (`upstream_at`, ISO 8601): a status change older than it, delivered late, is not applied.
 */
const upstreamTime: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('group_identities').addColumn('upstream_at', 'text').execute();
  },
};

/**
 * Why a group was merged (`group_merges.reason`): `edit` when its one report was edited into
 * another group's problem, null when a person merged it (an edit never splits what a person
 * merged).
 */
const mergeReason: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('group_merges').addColumn('reason', 'text').execute();
  },
};

/** The migrations of a dialect, by name (sorted order is run order). */
export function migrationProvider(dialect: 'sqlite' | 'postgres'): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial,
        '0002_reports_stage': reportsByStage,
        '0003_saved_views': savedViews,
        '0004_investigation_state': investigationState,
        '0005_group_identities': groupIdentities,
        '0006_report_revisions': reportRevisions,
        '0007_group_merges': groupMerges,
        '0008_report_text_search': reportTextSearch(dialect),
        '0009_group_triage': groupTriage,
        '0010_group_releases': groupReleases,
        '0011_inbox_indexes': inboxIndexes(dialect),
        '0012_morning': morning,
        '0013_jobs_by_queue': jobsByQueue,
        '0014_lookup_indexes': lookupIndexes,
        '0015_source_settings_revision': sourceSettingsRevision,
        '0016_secret_rules': secretRules,
        '0017_report_text_search_escapes': reportTextSearchRebuilt(dialect),
        '0018_upstream_time': upstreamTime,
        '0019_merge_reason': mergeReason,
        '0020_report_text_search_gated': reportTextSearchRebuilt(dialect),
      };
    },
  };
}
