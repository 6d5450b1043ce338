/**
 * The service's vocabulary, declared once and imported as values by the service, the CLI and the
 * console: report labels, which labels are investigated on arrival, group statuses, inbox orders,
 * investigation states, the built-in source kinds, and the inbox's filter fields as a zod schema
 * (the API's query and saved views, and the console assistant's `filter_inbox`). Pulls in no
 * server code, so the console's bundle can import it (`@sightline/service/vocabulary`).
 */
import { CLASSIFICATION_LABELS, type ClassificationLabel } from '@sightline/intake/labels';
import { z } from 'zod';

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

/** Inbox orders, as a schema with what each means. */
export const inboxSortSchema = z
  .enum(INBOX_SORTS)
  .describe('newest: last seen first (default); oldest: first seen first; most_reports');

/** An assignee as a triager types it: trimmed, 1–100 characters. */
export const assigneeSchema = z.string().trim().min(1).max(100);

/** A saved view's name: trimmed, 1–100 characters. */
export const savedViewNameSchema = z.string().trim().min(1).max(100);

/**
 * The inbox's filter fields, each optional, with their limits (search 200 characters, assignee
 * and release 100, platform 50). The API adds `project` and takes any source kind (a deployment
 * may register its own); the console's assistant takes the built-in {@link SOURCE_KINDS}.
 */
export const inboxFilterFieldsSchema = z.object({
  label: z.enum(REPORT_LABELS).optional(),
  status: z.enum(GROUP_STATUSES).optional(),
  assignee: assigneeSchema.optional().describe('Name assigned to, or none: unassigned groups'),
  priority: z
    .enum([...GROUP_PRIORITIES, 'none'])
    .optional()
    .describe('urgent, high, medium, low, or none: groups without a priority'),
  q: z
    .string()
    .max(200)
    .optional()
    .describe("Words to find in the group's title or any of its reports' text (word prefixes)"),
  release: z
    .string()
    .max(100)
    .optional()
    .describe('Release or app version (2.13.0): groups with a report from it'),
  platform: z
    .string()
    .max(50)
    .optional()
    .describe('Platform (android, ios, javascript, any case): groups with a report from it'),
});
