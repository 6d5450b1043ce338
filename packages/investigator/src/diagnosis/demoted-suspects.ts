/**
 * Which suspects the localizer demoted: files that are not plain source (tests, docs, build and
 * auxiliary files) carry a `demoted: <role>` line in their evidence (localize/rank-files.ts).
 */
import type { Suspect } from './schema.js';

/** Whether the localizer demoted the suspect's file (a test, docs, an auxiliary file). */
export function isDemotedSuspect(suspect: Pick<Suspect, 'evidence'>): boolean {
  return suspect.evidence.some((reason) => reason.startsWith('demoted:'));
}
