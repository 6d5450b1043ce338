/**
 * The service's vocabulary, declared once and imported as values by the service, the CLI and the
 * console: report labels, which labels are investigated on arrival, group statuses, inbox orders,
 * investigation states, diagnosis outcomes (the rule that reads one, and how a triager reads a
 * group's investigation, `investigationWords`) and the built-in source
 * kinds, as constants. Pulls in no server code and no zod, so the console's first load can import
 * it (`@sightline/service/vocabulary`); the same words as zod schemas are `vocabulary-schemas.ts`
 * (`@sightline/service/vocabulary-schemas`).
 */
import { CLASSIFICATION_LABELS, type ClassificationLabel } from '@sightline/intake/labels';
import { confidenceWords } from '@sightline/investigator/trust-words';

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

/**
 * What a group's latest diagnosis found: `verified` (a cause whose quote and symbol were checked
 * in the repository — evidence that the cited code exists, not proof of the cause), `unverified`
 * (a cause the check could not confirm: a lead, not a finding) or `no-cause` (nothing in the
 * repository was tied to the report).
 */
export const DIAGNOSIS_OUTCOMES = ['verified', 'unverified', 'no-cause'] as const;
/** What a diagnosis found. */
export type DiagnosisOutcome = (typeof DIAGNOSIS_OUTCOMES)[number];

/**
 * The outcome of a diagnosis: `no-cause` when it cites no file or says it found none
 * (`verification.notFound`), else `verified` when verification held, else `unverified`.
 * @param diagnosis a diagnosis (its affected files and verification are read).
 */
export function diagnosisOutcome(diagnosis: {
  affectedFiles: readonly unknown[];
  verification?: { verified: boolean; notFound?: boolean | undefined } | undefined;
}): DiagnosisOutcome {
  if (diagnosis.affectedFiles.length === 0 || diagnosis.verification?.notFound) return 'no-cause';
  return diagnosis.verification?.verified ? 'verified' : 'unverified';
}

/** What a diagnosis found, as a triager reads it: a verified cause is not an unverified lead. */
const OUTCOME_WORDS: Record<DiagnosisOutcome, string> = {
  verified: 'cause verified',
  unverified: 'unverified lead',
  'no-cause': 'no cause found',
};

/**
 * A group's investigation as a triager reads it, in the console's inbox and `serve --demo`'s:
 * what its diagnosis found with its confidence (`cause verified · a guess (15%)`, `unverified
 * lead · unsure (50%)`, `no cause found`; a verified cause is grounded in the code, not known to be
 * right, so the confidence stands beside it: fresh-user trial 19), `investigating`, `queued`, …
 * @param row an inbox row's investigation, diagnosis outcome and confidence (0–1, null: none).
 */
export function investigationWords(row: {
  investigation: { state: InvestigationState };
  diagnosisOutcome: DiagnosisOutcome | null;
  diagnosisConfidence: number | null;
}): string {
  const outcome = row.diagnosisOutcome;
  const confidence =
    outcome && outcome !== 'no-cause' && row.diagnosisConfidence !== null
      ? ` · ${confidenceWords(row.diagnosisConfidence)}`
      : '';
  const found = outcome ? `${OUTCOME_WORDS[outcome]}${confidence}` : undefined;
  switch (row.investigation.state) {
    case 'queued':
      return found ? `${found} · re-run queued` : 'queued';
    case 'running':
      return found ? `${found} · re-running` : 'investigating';
    case 'done':
      return found ?? 'no diagnosis';
    case 'failed':
      return 'investigation failed';
    case 'not-investigated':
      return 'not investigated';
  }
}

/** Kinds of the built-in sources (`BUILT_IN_SOURCES`, in this order). */
export const SOURCE_KINDS = ['files', 'sentry', 'github', 'app-store', 'google-play'] as const;
