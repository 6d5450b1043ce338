/**
 * The regression window as a localization signal, combined with the learned ranking by Bayes'
 * rule. The ranking's score is a log-odds (a pairwise logistic model: score differences are the
 * log-odds that one file rather than another is the fixed one), so evidence adds its log
 * likelihood ratio to it. The evidence is "the window changed this suspect's file":
 *
 * - a report's window holds a change of the fixed file with probability q (
 *   {@link WINDOW_HOLDS_FIX}, measured: not every named version is right, and not every bug is
 *   a regression);
 * - any other file is in the window with probability p, the share of the repository's files the
 *   window changed.
 *
 * So a suspect whose file the window changed gains log((q + (1 − q)·p) / p), and one whose file it
 * did not change gains log(1 − q). A narrow window (small p) lifts its files a lot; a window that
 * changed most of the repository says almost nothing, and one that never holds the fix (q = 0)
 * nothing at all. The earlier form multiplied the score by a fixed factor: a negative score then
 * fell further, and a wide window (a lone good version → HEAD) lifted hundreds of files as much as
 * a narrow one, which cost Acc@1 on bench:history (50 → 37.5 %).
 *
 * Changes inside a regression window are where the bug-localization literature finds regressions
 * (the version-history signal of Sisman & Kak, MSR 2012; bisection's premise); the Bayesian form
 * is the naive-Bayes combination of independent evidence.
 */
import type { Suspect } from '../diagnosis/schema.js';

/**
 * Probability that a report's regression window changed the file its fix changes: the share of
 * bench:history's regression set (real reports naming a good and a bad version or a commit, with
 * the fix known) whose window changed a fixed file — 11 of 14 cases (2026-12-02). Re-fitted by
 * `npm run bench:history` (which checks it by cross-validation grouped by repository) and copied
 * here.
 */
export const WINDOW_HOLDS_FIX = 0.786;

/** What a window tells about the files it changed. */
export interface WindowEvidence {
  /** Repository-relative path → commits of the window that changed it. */
  changed: ReadonlyMap<string, number>;
  /** Files the repository tracks (the share the window changed is `changed.size` over it). */
  trackedFiles: number;
  /** Probability that the window holds the fix's change. Default {@link WINDOW_HOLDS_FIX}. */
  holdsFix?: number;
}

/**
 * The log likelihood ratios a window gives a suspect in a file it changed and one in a file it
 * did not change (natural logarithms; 0 and 0 when the window says nothing).
 */
export function windowLogRatios({
  changed,
  trackedFiles,
  holdsFix = WINDOW_HOLDS_FIX,
}: WindowEvidence): { inWindow: number; outside: number } {
  if (changed.size === 0 || trackedFiles <= 0) return { inWindow: 0, outside: 0 };
  const share = Math.min(1, changed.size / trackedFiles);
  const q = Math.min(Math.max(holdsFix, 0), 0.999);
  return { inWindow: Math.log((q + (1 - q) * share) / share), outside: Math.log(1 - q) };
}

/**
 * Re-ranks suspects with what a regression window changed.
 * @param suspects the localizer's suspects (a wider list than will be kept).
 * @param evidence the window's changed files and the repository's size.
 * @returns the suspects with the window's log likelihood ratio added to each score (a line of
 *   evidence on the lifted ones), re-sorted by score (ties keep their order).
 */
export function liftWindowFiles(suspects: readonly Suspect[], evidence: WindowEvidence): Suspect[] {
  const { inWindow, outside } = windowLogRatios(evidence);
  if (inWindow === 0 && outside === 0) return [...suspects];
  return suspects
    .map((suspect, order) => {
      const commits = [suspect.path, ...(suspect.twins ?? [])].reduce(
        (most, path) => Math.max(most, evidence.changed.get(path) ?? 0),
        0,
      );
      if (commits === 0) return { suspect: { ...suspect, score: suspect.score + outside }, order };
      return {
        suspect: {
          ...suspect,
          score: suspect.score + inWindow,
          evidence: [
            ...suspect.evidence,
            `its file changed in the regression window (${commits} commit${commits === 1 ? '' : 's'})`,
          ],
        },
        order,
      };
    })
    .sort((a, b) => b.suspect.score - a.suspect.score || a.order - b.order)
    .map(({ suspect }) => suspect);
}
