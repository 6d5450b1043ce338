/**
 * The reports a ranking model is trained and measured on (one report, its candidate files, which
 * the fix changed), and where a weight vector puts the first fixed file.
 */

/** One candidate file of one report. */
export interface RankingCandidate {
  path: string;
  /** Feature values, in `RANKING_FEATURES` order. */
  features: number[];
  /** True for a file the fix changed (or a twin of one). */
  relevant: boolean;
}

/** One report with its candidate files, as training and evaluation read it. */
export interface RankingQuery {
  id: string;
  /** The repository (or npm package) the report is about: the cross-validation group. */
  group: string;
  candidates: RankingCandidate[];
}

/**
 * A report's first relevant candidate under weights (ties by path).
 * @param query - the report and its candidates.
 * @param weights - one per feature.
 * @returns its 1-based rank and path; rank 0 (no path) when no candidate is relevant.
 */
export function firstRelevant(
  query: RankingQuery,
  weights: readonly number[],
): { rank: number; path?: string } {
  const scored = query.candidates
    .map((candidate) => ({
      candidate,
      score: candidate.features.reduce((sum, value, at) => sum + value * (weights[at] ?? 0), 0),
    }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.candidate.path < b.candidate.path ? -1 : a.candidate.path > b.candidate.path ? 1 : 0),
    );
  const at = scored.findIndex(({ candidate }) => candidate.relevant);
  return at < 0 ? { rank: 0 } : { rank: at + 1, path: scored[at]?.candidate.path };
}

/**
 * The 1-based rank of a report's first relevant candidate under weights (ties by path), 0 when
 * no candidate is relevant.
 * @param query - the report and its candidates.
 * @param weights - one per feature.
 */
export function rankOfRelevant(query: RankingQuery, weights: readonly number[]): number {
  return firstRelevant(query, weights).rank;
}
