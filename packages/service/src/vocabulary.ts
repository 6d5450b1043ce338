/**
 * The service's vocabulary, declared once and imported as values by the service, the CLI and the
 * console: report labels, which labels are investigated on arrival, group statuses, inbox orders,
 * investigation states and the built-in source kinds, as constants. Pulls in no server code and
 * no zod, so the console's first load can import it (`@sightline/service/vocabulary`); the same
 * words as zod schemas are `vocabulary-schemas.ts` (`@sightline/service/vocabulary-schemas`).
 */
import { CLASSIFICATION_LABELS, type ClassificationLabel } from '@sightline/intake/labels';

/** Labels of reports and of their groups: intake's classification labels. */
export const REPORT_LABELS = CLASSIFICATION_LABELS;
/** A report's or a group's label. */
export type ReportLabel = ClassificationLabel;

/**
 * Labels whose groups are investigated as soon as a report arrives; groups of the other labels
 * are investigated when someone asks (a classifier can be wrong).
 */
export const INVESTIGATED_LABELS = ['bug', 'crash'] as const satisfies readonly ReportLabel[];

/** True when groups of `label` are investigated on arrival. */
export function isInvestigatedLabel(label: string): boolean {
  return (INVESTIGATED_LABELS as readonly string[]).includes(label);
}

/**
 * Triage status of a group. `reopened`: reopened upstream (or by hand) after it was resolved;
 * `regressed`: a new report arrived after it was resolved.
 */
export const GROUP_STATUSES = [
  'new',
  'triaged',
  'reopened',
  'regressed',
  'resolved',
  'ignored',
] as const;
/** Statuses of groups still waiting for someone. */
export const OPEN_STATUSES = [
  'new',
  'triaged',
  'reopened',
  'regressed',
] as const satisfies readonly GroupStatus[];

/** A group's triage status. */
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/**
 * Priority of a group, most pressing first (Linear's four levels: urgent, high, medium, low); a
 * group without one has none (null in the API, `none` as an inbox filter).
 */
export const GROUP_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
/** A group's priority. */
export type GroupPriority = (typeof GROUP_PRIORITIES)[number];

/** Orders of the inbox: last seen, newest first; first seen, oldest first; most reports first. */
export const INBOX_SORTS = ['newest', 'oldest', 'most_reports'] as const;
/** An order of the inbox. */
export type InboxSort = (typeof INBOX_SORTS)[number];

/**
 * Where a group's investigation is: `queued` (waiting, or waiting to retry), `running`, `done` (a
 * diagnosis of the repository's current revision is stored), `failed` (every attempt failed, or
 * the cost cap stopped it) or `not-investigated` (its label is investigated on request only).
 */
export const INVESTIGATION_STATES = [
  'queued',
  'running',
  'done',
  'failed',
  'not-investigated',
] as const;
/** A group's investigation state. */
export type InvestigationState = (typeof INVESTIGATION_STATES)[number];

/** Kinds of the built-in sources (`BUILT_IN_SOURCES`, in this order). */
export const SOURCE_KINDS = ['files', 'sentry', 'github', 'app-store', 'google-play'] as const;
