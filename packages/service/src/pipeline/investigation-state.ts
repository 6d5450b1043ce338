/**
 * A group's investigation state as the API shows it: computed here from what the pipeline keeps
 * (its latest investigation job) and the group's label, so no client guesses it from the label.
 */
import type { GroupRecord } from '../store/index.js';
import {
  INVESTIGATED_LABELS,
  type InvestigationState,
  isInvestigatedLabel,
} from '../vocabulary.js';

/** Where a group's investigation is, and why. */
export interface GroupInvestigation {
  state: InvestigationState;
  /**
   * `queued`: why it was queued (`new-group`, `revision-changed`, `requested`) or, when retrying,
   * the last attempt's error; `failed`: the error; `not-investigated`: why not; else null.
   */
  reason: string | null;
  /** Attempts its latest job made (0 before the first). */
  attempts: number;
}

/** The investigation state of a group. */
export function groupInvestigation(group: GroupRecord): GroupInvestigation {
  const progress = group.investigation;
  if (progress) {
    return { state: progress.state, reason: progress.detail, attempts: progress.attempts };
  }
  // Stores written before the state was kept: a stored diagnosis means one run finished.
  if (group.latestDiagnosisVersion > 0) return { state: 'done', reason: null, attempts: 1 };
  return {
    state: 'not-investigated',
    reason: isInvestigatedLabel(group.label)
      ? 'No investigation has been queued yet.'
      : `Only ${INVESTIGATED_LABELS.join(' and ')} groups are investigated on arrival; a ${group.label} group is investigated when someone asks (re-investigate).`,
    attempts: 0,
  };
}
