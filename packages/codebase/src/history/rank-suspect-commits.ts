/**
 * The ranking of suspect commits, from the blames of the suspect ranges (no git here, so
 * bench:history can fit it on kept blames): each candidate commit's features
 * (suspect-commit-features.ts) scored by the fitted linear model (suspect-commit-model.ts).
 */
import {
  type BlamedRange,
  type CommitCandidate,
  commitCandidates,
} from './suspect-commit-features.js';
import {
  SUSPECT_COMMIT_MODEL,
  type SuspectCommitModel,
  suspectCommitScore,
} from './suspect-commit-model.js';

/** The blamed ranges the ranking reads (suspect-commits.ts blames them). */
export type { BlamedRange } from './suspect-commit-features.js';

/** A commit's rank among the suspects, before its texts are shown. */
export interface RankedCommit extends Omit<CommitCandidate, 'features'> {
  score: number;
}

/** Options of {@link rankBlamedCommits}. */
export interface RankBlamedCommitsOptions {
  /** When the failure was first reported, in ms since the epoch. */
  reportedAt: number;
  /** Ids of the commits inside the regression window, if one is known. */
  windowCommits?: ReadonlySet<string> | undefined;
  /** Files each commit changed (absent: counted as one file). */
  commitFiles?: ReadonlyMap<string, number>;
  /** How well each commit's own change matches the report, 0 to 1 (absent: 0). */
  reportMatch?: ReadonlyMap<string, number>;
  /** Path → 1-based lines the report's stack frames name there (absent: none). */
  frameLines?: ReadonlyMap<string, readonly number[]>;
  /** The ranking. Default {@link SUSPECT_COMMIT_MODEL}. */
  model?: SuspectCommitModel;
}

/**
 * Ranks the commits of the blamed ranges.
 * @param ranges blamed ranges, most suspect first.
 * @returns every commit that last changed a range before the report, most suspect first (ties:
 *   newer first), and the lines given to a boundary commit (unknown older authors).
 */
export function rankBlamedCommits(
  ranges: readonly BlamedRange[],
  { model = SUSPECT_COMMIT_MODEL, ...options }: RankBlamedCommitsOptions,
): { commits: RankedCommit[]; unattributed: number } {
  const { candidates, unattributed } = commitCandidates(ranges, options);
  const commits = candidates
    .map(({ features, ...commit }) => ({ ...commit, score: suspectCommitScore(model, features) }))
    .sort((a, b) => b.score - a.score || b.time - a.time);
  return { commits, unattributed };
}
