/** The pipeline's job queues and their policies. */
import type { QueuePolicy } from '../queue/index.js';

/** Parse, classify and group one stored report: `{ reportId }`. */
export const PROCESS_REPORT = 'process-report';
/** Investigate one group against its project's repository: `{ groupId, model?, reason }`. */
export const INVESTIGATE_GROUP = 'investigate-group';

/** Policies: reports are quick and retried a few times; investigations may take minutes (a model). */
export const PIPELINE_POLICIES: Record<string, QueuePolicy> = {
  [PROCESS_REPORT]: { maxAttempts: 3, retryDelayMs: 1_000, timeoutMs: 60_000 },
  [INVESTIGATE_GROUP]: { maxAttempts: 3, retryDelayMs: 5_000, timeoutMs: 15 * 60_000, keyed: true },
};
