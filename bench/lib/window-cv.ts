/**
 * Fits and checks the regression window's signal (packages/investigator/src/localize/
 * window-signal.ts) on bench:history's cases: the probability q that a report's window changed a
 * fixed file is the share of training cases whose window did; each case is ranked with the q of
 * the cases of the other repositories (cross-validation grouped by repository, so a project's own
 * cases never tune its ranking).
 */
import type { Suspect } from '@sightline/investigator';
import { liftWindowFiles } from '@sightline/investigator/internal';

/** A case with a regression window, as the fit reads it. */
export interface WindowCase {
  repo: string;
  /** The offline localizer's suspects (history off), most suspect first. */
  suspects: Suspect[];
  /** Files the fix changed. */
  gold: string[];
  /** Window's changed files → commits. */
  changed: Map<string, number>;
  trackedFiles: number;
}

/** Whether the window changed one of the fix's files (the event q is the probability of). */
export const windowHoldsFix = (item: WindowCase) =>
  item.gold.some((file) => item.changed.has(file));

/** 1-based rank of the first gold file, Infinity when absent. */
export function goldRank(suspects: readonly Suspect[], gold: readonly string[]): number {
  const wanted = new Set(gold);
  const at = suspects.findIndex((suspect) => wanted.has(suspect.path));
  return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
}

/** q fitted on cases: the share whose window holds the fix (0.5 with no case, the uninformed prior). */
export function fitHoldsFix(cases: readonly WindowCase[]): number {
  if (cases.length === 0) return 0.5;
  return cases.filter(windowHoldsFix).length / cases.length;
}

/** Each case's gold rank with the window lifted by `holdsFix`. */
export function rankWith(item: WindowCase, holdsFix: number): number {
  const lifted = liftWindowFiles(item.suspects, {
    changed: item.changed,
    trackedFiles: item.trackedFiles,
    holdsFix,
  });
  return goldRank(lifted, item.gold);
}

/**
 * Leave-one-repository-out ranks: each case lifted with q fitted on the other repositories' cases.
 * @returns per case (input order) the rank without the window, with it, and the q used.
 */
export function crossValidatedRanks(cases: readonly WindowCase[]) {
  return cases.map((item) => {
    const q = fitHoldsFix(cases.filter((other) => other.repo !== item.repo));
    return {
      without: goldRank(item.suspects, item.gold),
      with: rankWith(item, q),
      holdsFix: q,
    };
  });
}
