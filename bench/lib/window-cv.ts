/**
 * Fits and checks the regression window's signal (packages/investigator/src/localize/
 * window-signal.ts) on bench:history's cases, with cross-validation grouped by repository (a
 * project's own cases never tune its ranking):
 *
 * - q, the chance a report's window is right, by maximum likelihood on the regression cases: a
 *   window holds a fixed file with probability q + (1 − q)·p, p the case's candidate share;
 * - the temperature that turns the localizer's score into a log-odds, by maximum likelihood of
 *   the fixed file's softmax probability among the suspects, on every case whose suspects hold it
 *   (Guo et al., ICML 2017).
 */
import type { Suspect } from '@sightline/investigator';
import { liftWindowFiles, windowShare } from '@sightline/investigator/internal';

/** A case with a regression window, as the fit reads it. */
export interface WindowCase {
  repo: string;
  /** The offline localizer's suspects (history off), most suspect first. */
  suspects: Suspect[];
  /** Files the fix changed. */
  gold: string[];
  /** Window's changed files → commits. */
  changed: Map<string, number>;
  /** Files changed by the window's report-matched commits → those commits (window-subjects.ts). */
  matched: Map<string, number>;
  trackedFiles: number;
}

/** A case's suspects and fixed files, as the temperature fit reads them. */
export interface RankedCase {
  repo: string;
  suspects: Suspect[];
  gold: string[];
}

/** The evidence a q is fitted for: the window's files, or those of its report-matched commits. */
export type WindowEvidenceKind = 'changed' | 'matched';

/** Whether the evidence holds one of the fix's files (the event the fit of q explains). */
export const windowHoldsFix = (item: WindowCase, kind: WindowEvidenceKind = 'changed') =>
  item.gold.some((file) => item[kind].has(file));

/** 1-based rank of the first gold file, Infinity when absent. */
export function goldRank(suspects: readonly Suspect[], gold: readonly string[]): number {
  const wanted = new Set(gold);
  const at = suspects.findIndex((suspect) => wanted.has(suspect.path));
  return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
}

/** The value of a grid (inclusive, by `step`) with the highest log likelihood (the first on ties). */
function argmax(from: number, to: number, step: number, logLikelihood: (value: number) => number) {
  let best = { value: from, score: Number.NEGATIVE_INFINITY };
  for (let at = 0; from + at * step <= to + 1e-9; at += 1) {
    const value = Math.round((from + at * step) * 1000) / 1000;
    const score = logLikelihood(value);
    if (score > best.score) best = { value, score };
  }
  return best.value;
}

/**
 * q by maximum likelihood (grid of 0.01): P(window holds a fixed file) = q + (1 − q)·p per case.
 * 0.5 with no case (the uninformed prior).
 */
export function fitHoldsFix(
  cases: readonly WindowCase[],
  kind: WindowEvidenceKind = 'changed',
): number {
  if (cases.length === 0) return 0.5;
  const observed = cases.map((item) => ({
    share: windowShare(item.suspects, { changed: item[kind], trackedFiles: item.trackedFiles }),
    holds: windowHoldsFix(item, kind),
  }));
  return argmax(0, 0.99, 0.01, (q) =>
    observed.reduce((sum, { share, holds }) => {
      const chance = Math.min(Math.max(q + (1 - q) * share, 1e-9), 1 - 1e-9);
      return sum + Math.log(holds ? chance : 1 - chance);
    }, 0),
  );
}

/**
 * The softmax temperature of the suspects' scores that best predicts the first fixed file among
 * them (grid 0.05–5 by 0.05; cases whose suspects miss the fix are left out). 1 with no case.
 */
export function fitTemperature(cases: readonly RankedCase[]): number {
  const usable = cases
    .map((item) => ({
      scores: item.suspects.map((suspect) => suspect.score),
      at: goldRank(item.suspects, item.gold) - 1,
    }))
    .filter((item) => Number.isFinite(item.at));
  if (usable.length === 0) return 1;
  return argmax(0.05, 5, 0.05, (temperature) =>
    usable.reduce((sum, { scores, at }) => {
      const top = Math.max(...scores);
      const normalizer = scores.reduce(
        (total, score) => total + Math.exp((score - top) / temperature),
        0,
      );
      return sum + ((scores[at] ?? top) - top) / temperature - Math.log(normalizer);
    }, 0),
  );
}

/** A case's gold rank with the window lifted by q (and q of the matched files) and the temperature. */
export function rankWith(
  item: WindowCase,
  holdsFix: number,
  temperature: number,
  matchHoldsFix = 0,
): number {
  const lifted = liftWindowFiles(item.suspects, {
    changed: item.changed,
    trackedFiles: item.trackedFiles,
    holdsFix,
    temperature,
    matched: item.matched,
    matchHoldsFix,
  });
  return goldRank(lifted, item.gold);
}

/**
 * Leave-one-repository-out ranks: each case lifted with q fitted on the other repositories'
 * regression cases and the temperature fitted on the other repositories' ranked cases; with
 * `matched`, also q of the report-matched files, fitted the same way (without: that q is 0, the
 * window's files alone).
 * @returns per case (input order) the rank without the window, with it, and the q's and
 *   temperature used.
 */
export function crossValidatedRanks(
  cases: readonly WindowCase[],
  ranked: readonly RankedCase[],
  { matched = false }: { matched?: boolean } = {},
) {
  return cases.map((item) => {
    const others = cases.filter((other) => other.repo !== item.repo);
    const q = fitHoldsFix(others);
    const qMatched = matched ? fitHoldsFix(others, 'matched') : 0;
    const temperature = fitTemperature(ranked.filter((other) => other.repo !== item.repo));
    return {
      without: goldRank(item.suspects, item.gold),
      with: rankWith(item, q, temperature, qMatched),
      holdsFix: q,
      matchHoldsFix: qMatched,
      temperature,
    };
  });
}
