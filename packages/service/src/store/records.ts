/**
 * What the store hands out: domain records (camelCase, booleans, JSON documents parsed). The SQL
 * rows behind them (`schema.ts`) never leave `store/`; each part maps its rows here.
 */
import type {
  Classification,
  Diagnosis,
  Report,
  Suspect,
  VerificationResult,
} from '../adapters/investigator.js';
import type {
  GroupPriority,
  GroupStatus,
  InboxSort,
  InvestigationState,
  ReportLabel,
} from '../vocabulary.js';
import type { ReportStage } from './schema.js';

/** A project: a name and the repository folder its reports are investigated against. */
export interface ProjectRecord {
  id: string;
  name: string;
  /** Absolute repository folder. */
  repo: string;
  createdAt: string;
}

/** A configured source and its polling state. Secrets are never here (the credential store). */
export interface SourceRecord {
  id: string;
  projectId: string;
  kind: string;
  name: string;
  /** Non-secret settings as stored (parsed JSON; `undefined` when the stored text is not JSON). */
  config: unknown;
  enabled: boolean;
  /** Interval between polls, ms; null for sources that are not polled. */
  pollIntervalMs: number | null;
  cursor: string | null;
  lastPollAt: string | null;
  nextPollAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  pollCount: number;
  reportCount: number;
  createdAt: string;
  /**
   * Revision of the settings (0 when created, +1 each `reconfigure`). A poll hands back the
   * revision it ran with, so a poll that ends after its source was reconfigured keeps nothing.
   */
  settingsRevision: number;
}

/** A report's payload as its source delivered it: text, or a parsed JSON document. */
export type ReportPayload = { text: string } | { json: unknown };

/** What the pipeline made of a report: parsed (in-app frames marked) and classified, once. */
export interface ReportAnalysis {
  report: Report;
  classification: Classification;
}

/** A stored report. */
export interface ReportRecord {
  id: string;
  projectId: string;
  /** The configured source's id; null for direct ingest. */
  sourceId: string | null;
  sourceKind: string;
  /** The provider's id of the report. */
  sourceReportId: string;
  receivedAt: string;
  format: string;
  payload: ReportPayload;
  filename: string | null;
  url: string | null;
  meta: Record<string, unknown>;
  stage: ReportStage;
  /** Set once the report is grouped; null before, and for a report that failed. */
  analysis: ReportAnalysis | null;
  groupId: string | null;
  /** Why the report failed (stage `failed`). */
  error: string | null;
  createdAt: string;
}

/** Where a group's latest investigation job is, as the pipeline keeps it. */
export interface InvestigationProgress {
  state: Exclude<InvestigationState, 'not-investigated'>;
  /** Why it was queued (`new-group`, `revision-changed`, `requested`), or the last attempt's error. */
  detail: string | null;
  /** Attempts made so far (0 while queued for the first time). */
  attempts: number;
}

/** A group: reports of one problem. */
export interface GroupRecord {
  id: string;
  projectId: string;
  label: ReportLabel;
  status: GroupStatus;
  title: string;
  /** `crash4:<hash>` (crash fingerprint; `crash:` … `crash3:` from before its version 4, see pipeline/crash-signature.ts) or `text:<first report id>`. */
  signature: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** Kinds of the sources its reports came from, sorted. */
  sourceKinds: string[];
  /** Report whose analysis the investigation reads (the group's first). */
  representativeReportId: string;
  /** 0 while none is stored. */
  latestDiagnosisVersion: number;
  /** Its latest investigation job; null when none was ever asked for. */
  investigation: InvestigationProgress | null;
  /** The group it was merged into by hand (hidden from the inbox); null: not merged. */
  mergedInto: string | null;
  /** The newest release its reports came from when it was last resolved; null: none known. */
  resolvedInRelease: string | null;
  /** Who handles it; null: nobody yet. */
  assignee: string | null;
  /** How pressing it is; null: none set. */
  priority: GroupPriority | null;
  updatedAt: string;
}

/** A release (or app version) a group's reports came from. */
export interface GroupReleaseRecord {
  release: string;
  /** Received time of its first and last report in the group (ISO). */
  firstSeen: string;
  lastSeen: string;
  /** Reports of the group from it. */
  count: number;
}

/** A triage change of one or more groups: each field given is set (null clears it). */
export interface GroupTriage {
  status?: GroupStatus;
  /** A name (trimmed, 1–100 characters); null: unassigned. */
  assignee?: string | null;
  priority?: GroupPriority | null;
}

/** A stored diagnosis: one version of a group's investigation. */
export interface DiagnosisRecord {
  id: string;
  groupId: string;
  /** 1, 2, …: every re-run is kept. */
  version: number;
  /** The job run that wrote it. */
  runKey: string;
  reportId: string;
  /** Repository revision investigated (git HEAD), or `unversioned`. */
  revision: string;
  method: Diagnosis['method'];
  model: string | null;
  diagnosis: Diagnosis;
  suspects: Suspect[];
  verification: VerificationResult;
  /** Wall time of the investigation, ms. */
  durationMs: number;
  createdAt: string;
}

/** The filters a saved view keeps: those of the inbox, each optional. */
export interface SavedViewFilters {
  project?: string;
  label?: ReportLabel;
  status?: GroupStatus;
  /** Source kind (`files`, `sentry`, …): groups with at least one report from it. */
  source?: string;
  /**
   * Words to find: groups whose title contains every word (case-insensitive), or with a report
   * whose text holds every word as a word prefix (full-text search, see `report-search.ts`).
   */
  q?: string;
  /** An assignee's name, or `none`: unassigned groups. */
  assignee?: string;
  /** A priority, or `none`: groups without one. */
  priority?: GroupPriority | 'none';
  /**
   * A release or app version (`2.13.0`): groups with a report from it, read as the inbox row's
   * release column reads it (see `reportRelease`). Exact, after trimming.
   */
  release?: string;
  /** A platform (`android`, `ios`, `javascript`): groups with a report from it; any case. */
  platform?: string;
}

/** A named inbox query (filters and sort) to apply again later. */
export interface SavedView {
  id: string;
  name: string;
  filters: SavedViewFilters;
  sort: InboxSort;
  createdAt: string;
}
