/**
 * The regression window as a localization signal, combined with the localizer's ranking by
 * Bayes' rule. The evidence is "the window changed this suspect's file":
 *
 * - a report's window is right (holds the change that broke it) with probability q
 *   ({@link WINDOW_HOLDS_FIX}); a right window changed the fixed file, a wrong one changed it
 *   no more often than any other candidate;
 * - a candidate that is not the fixed file is in the window with probability p, estimated from
 *   the candidates themselves (the suspects the localizer ranked: their share in the window,
 *   with a prior of strength {@link SHARE_PRIOR_WEIGHT} at the share of the repository's files
 *   the window changed). Candidates are files the report points at, and such files change more
 *   often than the repository's average file: a window that changed most of the candidates says
 *   little, however few of the repository's files it changed.
 *
 * So a suspect whose file the window changed gains log((q + (1 − q)·p) / p), and one whose file it
 * did not change gains log(1 − q). The localizer's score is a log-odds only up to a scale: the
 * ratios are multiplied by {@link SCORE_TEMPERATURE}, the temperature at which the softmax of the
 * suspects' scores best predicts which one is the fixed file (fitted on bench:history's cases).
 * The earlier forms lost Acc@1 on bench:history: a fixed factor on the score (50 → 37.5 %), then
 * unscaled ratios with p taken from the whole repository and q as the plain share of windows
 * holding the fix (57.1 → 50 %: a wrong window's candidates moved over the fixed file).
 *
 * A second, narrower piece of evidence of the same form is "a window commit whose subject shares a
 * term with the report changed this suspect's file" (investigate/window-subjects.ts), with its own q
 * ({@link WINDOW_MATCH_HOLDS_FIX}) and p; the two log likelihood ratios are added (naive Bayes).
 *
 * Changes inside a regression window are where the bug-localization literature finds regressions
 * (the version-history signal of Sisman & Kak, MSR 2012; bisection's premise); the Bayesian form
 * is the naive-Bayes combination of independent evidence; temperature scaling is Guo et al.,
 * "On Calibration of Modern Neural Networks", ICML 2017.
 */
import type { Suspect } from '../diagnosis/schema.js';

/**
 * Probability that a report's regression window is right (holds the change of the fixed file),
 * fitted by maximum likelihood on bench:history's regression set (real reports naming a good and
 * a bad version or a commit, with the fix known), where a window holds a fixed file with
 * probability q + (1 − q)·p: 0.19 on 31 cases (2026-12-02; 0.42 on 6 and 0.41 on 14 cases of
 * earlier localizers). Re-fitted by `npm run bench:history` (checked there by cross-validation
 * grouped by repository) and copied here.
 */
export const WINDOW_HOLDS_FIX = 0.19;

/**
 * The localizer's score divided by this is a log-odds: the softmax temperature that best predicts
 * the fixed file among the suspects on bench:history's cases (maximum likelihood): 0.4 on 41
 * cases (2026-12-02; 0.35 on 25 and 0.55 on 34 cases of earlier localizers). Re-fitted by
 * `npm run bench:history` and copied here.
 */
export const SCORE_TEMPERATURE = 0.4;

/**
 * Probability that the files changed by the window's report-matched commits (investigate/window-subjects.ts)
 * hold the fixed file beyond chance, fitted like {@link WINDOW_HOLDS_FIX} on bench:history's
 * regression set (0: the match says nothing).
 */
export const WINDOW_MATCH_HOLDS_FIX = 0;

/** Weight, in candidates, of the repository-wide share in the estimate of p. */
export const SHARE_PRIOR_WEIGHT = 2;

/** What a window tells about the files it changed. */
export interface WindowEvidence {
  /** Repository-relative path → commits of the window that changed it. */
  changed: ReadonlyMap<string, number>;
  /** Files the repository tracks (the prior share is `changed.size` over it). */
  trackedFiles: number;
  /** Probability that the window is right. Default {@link WINDOW_HOLDS_FIX}. */
  holdsFix?: number;
  /** Path → report-matched commits of the window that changed it (investigate/window-subjects.ts). */
  matched?: ReadonlyMap<string, number>;
  /** q of the matched files. Default {@link WINDOW_MATCH_HOLDS_FIX}. */
  matchHoldsFix?: number;
  /** Scale of the localizer's score. Default {@link SCORE_TEMPERATURE}. */
  temperature?: number;
}

/** Files a suspect stands for: its own and its twins'. */
const filesOf = (suspect: Suspect) => [suspect.path, ...(suspect.twins ?? [])];

/** Commits of the window that changed a suspect's file or one of its twins (0: none). */
const windowCommits = (suspect: Suspect, changed: ReadonlyMap<string, number>) =>
  filesOf(suspect).reduce((most, path) => Math.max(most, changed.get(path) ?? 0), 0);

/**
 * p: the chance that a candidate which is not the fixed file is in the window — the share of the
 * suspects' distinct files the window changed, with a prior of {@link SHARE_PRIOR_WEIGHT}
 * candidates at the repository-wide share. A fraction in [0, 1]; 0 when the window changed nothing.
 */
export function windowShare(
  suspects: readonly Suspect[],
  { changed, trackedFiles }: Pick<WindowEvidence, 'changed' | 'trackedFiles'>,
): number {
  if (changed.size === 0 || trackedFiles <= 0) return 0;
  const prior = Math.min(1, changed.size / trackedFiles);
  const seen = new Map<string, boolean>();
  for (const suspect of suspects) seen.set(suspect.path, windowCommits(suspect, changed) > 0);
  const inside = [...seen.values()].filter(Boolean).length;
  return (inside + SHARE_PRIOR_WEIGHT * prior) / (seen.size + SHARE_PRIOR_WEIGHT);
}

/**
 * The log likelihood ratios a window gives a suspect in a file it changed and one in a file it
 * did not change (natural logarithms, not yet scaled by the temperature; 0 and 0 when the window
 * says nothing).
 * @param share p, from {@link windowShare}.
 * @param holdsFix q.
 */
export function windowLogRatios(
  share: number,
  holdsFix = WINDOW_HOLDS_FIX,
): { inWindow: number; outside: number } {
  if (share <= 0) return { inWindow: 0, outside: 0 };
  const p = Math.min(share, 1);
  const q = Math.min(Math.max(holdsFix, 0), 0.999);
  return { inWindow: Math.log((q + (1 - q) * p) / p), outside: Math.log(1 - q) };
}

/**
 * Re-ranks suspects with what a regression window changed.
 * @param suspects the localizer's suspects (a wider list than will be kept: they are also the
 *   candidates p is estimated from).
 * @param evidence the window's changed files (and those of its report-matched commits) and the
 *   repository's size.
 * @returns the suspects with the window's scaled log likelihood ratios added to each score (a line
 *   of evidence on the lifted ones), re-sorted by score (ties keep their order).
 */
export function liftWindowFiles(suspects: readonly Suspect[], evidence: WindowEvidence): Suspect[] {
  const temperature = evidence.temperature ?? SCORE_TEMPERATURE;
  const ratios = windowLogRatios(windowShare(suspects, evidence), evidence.holdsFix);
  const matched = evidence.matched ?? new Map<string, number>();
  const matchRatios = windowLogRatios(
    windowShare(suspects, { changed: matched, trackedFiles: evidence.trackedFiles }),
    evidence.matchHoldsFix ?? WINDOW_MATCH_HOLDS_FIX,
  );
  const silent = (pair: typeof ratios) => pair.inWindow === 0 && pair.outside === 0;
  if (silent(ratios) && silent(matchRatios)) return [...suspects];
  return suspects
    .map((suspect, order) => {
      const commits = windowCommits(suspect, evidence.changed);
      const matches = windowCommits(suspect, matched);
      const gain =
        (commits === 0 ? ratios.outside : ratios.inWindow) +
        (matches === 0 ? matchRatios.outside : matchRatios.inWindow);
      const lines = [
        ...(commits > 0 && ratios.inWindow !== 0
          ? [
              `its file changed in the regression window (${commits} commit${commits === 1 ? '' : 's'})`,
            ]
          : []),
        ...(matches > 0 && matchRatios.inWindow !== 0
          ? [
              `a commit of the regression window whose subject matches the report changed its file (${matches} commit${matches === 1 ? '' : 's'})`,
            ]
          : []),
      ];
      return {
        suspect: {
          ...suspect,
          score: suspect.score + temperature * gain,
          ...(lines.length ? { evidence: [...suspect.evidence, ...lines] } : {}),
        },
        order,
      };
    })
    .sort((a, b) => b.suspect.score - a.suspect.score || a.order - b.order)
    .map(({ suspect }) => suspect);
}
