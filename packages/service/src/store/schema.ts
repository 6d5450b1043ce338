/**
 * The store's tables, as Kysely types. One schema for SQLite and Postgres: ids and timestamps are
 * text (ISO 8601 UTC, so they sort), JSON documents are text, counts are 32-bit integers.
 */
import type { Selectable } from 'kysely';
import type { GroupPriority, GroupStatus, InboxSort } from '../vocabulary.js';

/** Version of the stored layout; a store written by a newer Sightline is refused. */
export const STORE_SCHEMA_VERSION = 12;

/** Where a report is in the pipeline. */
export type ReportStage = 'received' | 'grouped' | 'failed';

export interface ProjectTable {
  id: string;
  name: string;
  /** Absolute repository folder investigations run against. */
  repo: string;
  created_at: string;
}

export interface SourceTable {
  id: string;
  project_id: string;
  kind: string;
  name: string;
  /** Non-secret configuration (JSON). Secrets live in the credential store, never here. */
  config: string;
  enabled: number;
  poll_interval_ms: number | null;
  cursor: string | null;
  last_poll_at: string | null;
  next_poll_at: string | null;
  last_error: string | null;
  consecutive_failures: number;
  poll_count: number;
  report_count: number;
  created_at: string;
  /** Bumped each time the source is reconfigured; a poll's outcome is kept only for its revision. */
  settings_revision: number;
}

export interface ReportTable {
  id: string;
  project_id: string;
  /** Null for reports ingested without a configured source (`sightline ingest`, `POST /api/reports`). */
  source_id: string | null;
  source_kind: string;
  /** The provider's id; unique per source (`source_key`). */
  source_report_id: string;
  /** `<source id or kind>:<source report id>`: the idempotency key of ingest. */
  source_key: string;
  received_at: string;
  format: string;
  /** `text` or `json`: how `payload` is to be read. */
  payload_type: string;
  payload: string;
  filename: string | null;
  url: string | null;
  meta: string;
  stage: ReportStage;
  /** The parsed report (intake's `Report`, in-app frames marked), JSON. */
  parsed: string | null;
  /**
   * The `SECRET_RULES_VERSION` the parsed report was passed through the secret gate with; null
   * for an analysis stored before the service gated reports.
   */
  secret_rules: number | null;
  label: string | null;
  /** `{label, confidence, method, reasons}`, JSON. */
  classification: string | null;
  group_id: string | null;
  error: string | null;
  created_at: string;
}

export interface GroupTable {
  id: string;
  project_id: string;
  label: string;
  status: GroupStatus;
  title: string;
  /** `crash4:<hash>` (crash fingerprint; `crash:` … `crash3:` from before its version 4, see pipeline/crash-signature.ts) or `text:<first report id>`. */
  signature: string;
  /** MinHash signature of the first report's text (JSON number array); null for crash groups. */
  minhash: string | null;
  count: number;
  first_seen: string;
  last_seen: string;
  /** Kinds of the sources its reports came from, comma-separated and sorted. */
  source_kinds: string;
  /** Report whose text the investigation reads (the group's first). */
  representative_report_id: string;
  latest_diagnosis_version: number;
  /** Where its latest investigation job is (`queued`, `running`, `done`, `failed`); null: none asked. */
  investigation_state: string | null;
  /** Why the job was queued, or the error of its last failed attempt. */
  investigation_detail: string | null;
  /** Attempts the latest investigation job has made. */
  investigation_attempts: number;
  /** The group it was merged into by hand; null: not merged. */
  merged_into: string | null;
  /** The newest release its reports came from when it was last resolved; null: none known. */
  resolved_release: string | null;
  /** When it was last resolved (ISO time); null: never. */
  resolved_at: string | null;
  /** Who handles it (a name as the triager typed it); null: nobody yet. */
  assignee: string | null;
  /** `urgent`, `high`, `medium` or `low`; null: none set. */
  priority: GroupPriority | null;
  updated_at: string;
  /** When the group was made (null: made before this was kept). */
  created_at: string | null;
  /** When a report last arrived after it was resolved (it regressed); null: never. */
  regressed_at: string | null;
}

/** A release (or app version) a group's reports came from, counted. */
export interface GroupReleaseTable {
  group_id: string;
  release: string;
  /** Received time of its first and last report in the group (ISO). */
  first_seen: string;
  last_seen: string;
  count: number;
}

/** One LSH band key of a text group's MinHash: candidate lookup for near-duplicates. */
export interface GroupBandTable {
  project_id: string;
  label: string;
  band: string;
  group_id: string;
}

/**
 * One version of a report as its source delivered it: the original is revision 1, each upstream
 * edit the next. Kept from the first edit on; the report row holds the latest payload.
 */
export interface ReportRevisionTable {
  report_id: string;
  /** 1, 2, …: 1 is the original. */
  revision: number;
  payload_type: string;
  payload: string;
  received_at: string;
}

/** A merge by hand: what it moved, so unmerge gives back exactly that. */
export interface GroupMergeTable {
  /** The group merged away. */
  group_id: string;
  into_group_id: string;
  /** Ids of the reports it moved (JSON array). */
  report_ids: string;
  /** Provider identities it moved (JSON array). */
  identities: string;
  merged_at: string;
  /** `edit`: merged because its one report was edited into the other's problem; null: by a person. */
  reason: string | null;
}

/** A provider identity (Sentry issue, GitHub issue, store review) and the group it belongs to. */
export interface GroupIdentityTable {
  project_id: string;
  /** `sentry-issue:<id>`, `github:<owner/repo>#<n>`, `<source kind>:<review id>`. */
  identity: string;
  group_id: string;
  /**
   * When the provider last changed the identity's status (ISO 8601, UTC, milliseconds) as a
   * followed delivery said; null: never, or not said.
   */
  upstream_at: string | null;
}

export interface DiagnosisTable {
  id: string;
  group_id: string;
  /** 1, 2, …: every re-run is kept. */
  version: number;
  /** The job run that wrote it: a retried job finds its own row and writes no second one. */
  run_key: string;
  report_id: string;
  /** Repository revision investigated (git HEAD), or `unversioned`. */
  revision: string;
  method: string;
  model: string | null;
  /** The verified diagnosis, JSON. */
  diagnosis: string;
  suspects: string;
  verification: string;
  /**
   * The `SECRET_RULES_VERSION` its texts were gated with (made from a gated analysis and gated
   * code); null for a diagnosis stored before the service gated reports.
   */
  secret_rules: number | null;
  duration_ms: number;
  created_at: string;
}

/** The embedded job queue's table (SQLite); on Postgres pg-boss keeps its own. */
export interface JobTable {
  id: string;
  queue: string;
  /** JSON payload. */
  data: string;
  /** Deduplication key: at most one queued or running job per key. Null: none. */
  singleton_key: string | null;
  state: 'created' | 'active' | 'completed' | 'failed';
  attempts: number;
  max_attempts: number;
  run_after: string;
  /** While active: the time after which another worker may take the job over. */
  lease_until: string | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A digest sent (or being sent): the period it covers and where it went. */
export interface DigestTable {
  id: string;
  /** Start of the period (exclusive), ISO time: unique, so two services never send one period twice. */
  since: string;
  /** End of the period (inclusive), ISO time: the next digest's `since`. */
  until: string;
  /** `sending` (claimed) or `sent`. */
  state: 'sending' | 'sent';
  /** Channels it was delivered to (JSON array: `webhook`, `email`). */
  channels: string;
  /** Items per section (JSON `{newGroups, regressions, diagnoses}`). */
  counts: string;
  created_at: string;
  sent_at: string | null;
}

/** What one investigation with a model cost (the daily cap sums a day's rows). */
export interface ModelSpendTable {
  /** The investigation job's run key: a retried job counts once. */
  run_key: string;
  group_id: string;
  model: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** Estimated cost from list prices, in millionths of a US dollar. */
  cost_micro_usd: number;
  created_at: string;
}

/** An investigation waiting for the next day's budget (the daily cost cap was reached). */
export interface InvestigationWaitTable {
  group_id: string;
  /** Why it was queued in the first place (`new-group`, `requested`, …). */
  reason: string;
  /** Name of the configured model it asked for; null: the default. */
  model: string | null;
  /** When it may run again, ISO time (the next UTC midnight). */
  until: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** A named inbox query (filters and sort) to apply again later. */
export interface SavedViewTable {
  id: string;
  name: string;
  /** Inbox filters (JSON: label, status, source, project, q; each optional). */
  filters: string;
  sort: InboxSort;
  created_at: string;
}

/** The database as Kysely sees it. */
export interface Database {
  saved_views: SavedViewTable;
  projects: ProjectTable;
  sources: SourceTable;
  reports: ReportTable;
  groups: GroupTable;
  group_bands: GroupBandTable;
  group_identities: GroupIdentityTable;
  report_revisions: ReportRevisionTable;
  group_merges: GroupMergeTable;
  group_releases: GroupReleaseTable;
  diagnoses: DiagnosisTable;
  jobs: JobTable;
  digests: DigestTable;
  model_spend: ModelSpendTable;
  investigation_waits: InvestigationWaitTable;
  sightline_meta: MetaTable;
}

export type ProjectRow = Selectable<ProjectTable>;
export type SavedViewRow = Selectable<SavedViewTable>;
export type SourceRow = Selectable<SourceTable>;
export type ReportRow = Selectable<ReportTable>;
export type ReportRevisionRow = Selectable<ReportRevisionTable>;
export type GroupRow = Selectable<GroupTable>;
export type DiagnosisRow = Selectable<DiagnosisTable>;
