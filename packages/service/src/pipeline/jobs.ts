/** The pipeline's job queues and their policies. */
import type { QueuePolicy } from '../queue/index.js';

/** Parse, classify and group a batch of stored reports: `{ reportIds }` (see `processReports`). */
export const PROCESS_REPORT = 'process-report';
/**
 * Reports per `process-report` job: one job, one claim and one grouping transaction for this many
 * reports instead of one each (most of a report's cost on SQLite was per-job bookkeeping).
 */
export const REPORTS_PER_JOB = 25;
/** Investigate one group against its project's repository: `{ groupId, model?, reason }`. */
export const INVESTIGATE_GROUP = 'investigate-group';

/**
 * Policies: a batch of reports takes seconds offline (up to a minute or two when a model
 * classifies each) and is retried a few times; investigations may take minutes (a model).
 */
export const PIPELINE_POLICIES: Record<string, QueuePolicy> = {
  [PROCESS_REPORT]: { maxAttempts: 3, retryDelayMs: 1_000, timeoutMs: 5 * 60_000 },
  [INVESTIGATE_GROUP]: { maxAttempts: 3, retryDelayMs: 5_000, timeoutMs: 15 * 60_000, keyed: true },
};
