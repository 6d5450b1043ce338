/** The words of an inbox row: its culprit, where it happens, and its investigation in one word or two. */
import { confidenceWords } from '@sightline/investigator/trust-words';
import type { DiagnosisOutcome } from '@sightline/service/vocabulary';
import type { InboxRow } from '../api/types.js';

/** `addItem · src/cart.js:42` (function, file, 1-based line; each when known). */
export function culpritText(culprit: NonNullable<InboxRow['culprit']>): string {
  const place = culprit.line ? `${culprit.file}:${culprit.line}` : culprit.file;
  return culprit.function ? `${culprit.function} · ${place}` : place;
}

/** `2.13.0, 2.12.1 · android · production`: releases, platforms, environments (empty: ''). */
export function whereText(row: Pick<InboxRow, 'releases' | 'platforms' | 'environments'>): string {
  return [row.releases, row.platforms, row.environments]
    .filter((values) => values.length > 0)
    .map((values) => values.join(', '))
    .join(' · ');
}

/** What a diagnosis found, as a triager reads it: a verified cause is not an unverified lead. */
const OUTCOME_WORDS: Record<DiagnosisOutcome, string> = {
  verified: 'cause verified',
  unverified: 'unverified lead',
  'no-cause': 'no cause found',
};

/**
 * The investigation of a row as a triager reads it: what its diagnosis found with its confidence
 * (`cause verified · a guess (15%)`, `unverified lead · unsure (50%)`, `no cause found`; a
 * verified cause is grounded in the code, not known to be right, so the confidence stands beside
 * it: fresh-user trial 19), `investigating`, `queued`, …
 */
export function investigationWords(
  row: Pick<InboxRow, 'investigation' | 'diagnosisOutcome' | 'diagnosisConfidence'>,
): string {
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
