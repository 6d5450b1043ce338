/**
 * bench:history's SZZ figure from kept blames: whether a fix's bug-introducing commit is among
 * the top 3 suspect commits, ranked by the product's ranking (rank-suspect-commits.ts), and that
 * ranking's weights fitted on a grid and checked with cross-validation grouped by repository (a
 * project's own fixes never tune its ranking).
 */
import {
  type BlamedRange,
  rankBlamedCommits,
  SUSPECT_COMMIT_WEIGHTS,
  type SuspectCommitWeights,
} from '@sightline/codebase/internal';

/** A fix with its bug-introducing commits and the blames of its top suspect ranges. */
export interface SzzCase {
  repo: string;
  reportedAt: number;
  ranges: BlamedRange[];
  commitFiles: ReadonlyMap<string, number>;
  windowCommits?: ReadonlySet<string>;
  /** Ids of the bug-introducing commits. */
  introducing: ReadonlySet<string>;
}

/** The values tried for each weight (the shipped values among them). */
export const WEIGHT_GRID: { readonly [K in keyof SuspectCommitWeights]: readonly number[] } = {
  halfLifeDays: [30, 90, 180, 365, 1095],
  recencyFloor: [0, 0.25, 1, 4],
  rankExponent: [0, 0.5, 1, 2],
  shareExponent: [0.5, 1, 2],
  windowWeight: [1, 2, 4, 8],
  bulkFiles: [Number.POSITIVE_INFINITY, 1000, 300, 100],
  sizeExponent: [0, 0.25, 0.5],
  fixWeight: [0.5, 1, 2],
};

/**
 * Where the bug-introducing commits rank under `weights`: the 1-based rank of the first
 * (Infinity: none ranked), and their share of the suspect commits' total score — the
 * probability of picking one when commits are picked in proportion to their score (Luce's choice
 * axiom), 0 when none is ranked.
 */
export function introducingRank(
  item: SzzCase,
  weights: SuspectCommitWeights,
): { rank: number; share: number } {
  const { commits } = rankBlamedCommits(item.ranges, {
    reportedAt: item.reportedAt,
    windowCommits: item.windowCommits,
    commitFiles: item.commitFiles,
    weights,
  });
  const at = commits.findIndex((commit) => item.introducing.has(commit.id));
  const total = commits.reduce((sum, commit) => sum + commit.score, 0);
  const introduced = commits
    .filter((commit) => item.introducing.has(commit.id))
    .reduce((sum, commit) => sum + commit.score, 0);
  return {
    rank: at === -1 ? Number.POSITIVE_INFINITY : at + 1,
    share: total > 0 ? introduced / total : 0,
  };
}

/** Whether a bug-introducing commit is among the top 3 suspect commits. */
export const szzHit = (item: SzzCase, weights: SuspectCommitWeights = SUSPECT_COMMIT_WEIGHTS) =>
  introducingRank(item, weights).rank <= 3;

/** Whether any blamed commit is a bug-introducing one (the most any ranking can hit). */
export const szzReachable = (item: SzzCase) =>
  item.ranges.some((range) => range.commits?.some((commit) => item.introducing.has(commit.id)));

/** Every case's rank and score share under a weighting (see {@link introducingRank}). */
export interface SzzScores {
  /** 1-based ranks, capped at 255 (255: not ranked). */
  ranks: Uint8Array;
  /** Shares of the score held by the bug-introducing commits. */
  shares: Float64Array;
}

/** The cases' ranks and shares per weighting, computed once per weighting (folds share most). */
export type SzzRanks = (weights: SuspectCommitWeights) => SzzScores;

/** Memoized {@link SzzRanks} of the cases. */
export function szzRanks(cases: readonly SzzCase[]): SzzRanks {
  const kept = new Map<string, SzzScores>();
  return (weights) => {
    const key = JSON.stringify(Object.values(weights));
    let scores = kept.get(key);
    if (!scores) {
      const found = cases.map((item) => introducingRank(item, weights));
      scores = {
        ranks: Uint8Array.from(found, ({ rank }) => Math.min(255, rank)),
        shares: Float64Array.from(found, ({ share }) => share),
      };
      kept.set(key, scores);
    }
    return scores;
  };
}

/**
 * Log likelihood of the cases at `indices` (those whose introducing commit is ranked at all):
 * the sum of the log score shares of their bug-introducing commits, floored at 1e-6.
 */
function logLikelihood({ ranks, shares }: SzzScores, indices: readonly number[]): number {
  let sum = 0;
  for (const index of indices) {
    if ((ranks[index] ?? 255) < 255) sum += Math.log(Math.max(shares[index] ?? 0, 1e-6));
  }
  return sum;
}

/**
 * The weights of the highest likelihood on the cases at `indices` (the bug-introducing commits
 * picked in proportion to their score; Luce's choice model, smooth where top-3 hits are not), by
 * coordinate ascent over {@link WEIGHT_GRID} from the shipped weights: one weight at a time, a
 * value kept only when it scores better, until a pass changes nothing.
 */
export function fitWeights(ranks: SzzRanks, indices: readonly number[]): SuspectCommitWeights {
  let weights: SuspectCommitWeights = { ...SUSPECT_COMMIT_WEIGHTS };
  let score = logLikelihood(ranks(weights), indices);
  for (let pass = 0, changed = true; changed && pass < 10; pass += 1) {
    changed = false;
    for (const [name, values] of Object.entries(WEIGHT_GRID)) {
      for (const value of values) {
        const tried = { ...weights, [name]: value };
        const triedScore = logLikelihood(ranks(tried), indices);
        if (triedScore > score + 1e-9) {
          weights = tried;
          score = triedScore;
          changed = true;
        }
      }
    }
  }
  return weights;
}

/**
 * Leave-one-repository-out: each fix ranked with the weights fitted on the other repositories.
 * @returns per case (input order) whether it hits and the weights used.
 */
export function crossValidatedSzz(
  cases: readonly SzzCase[],
  ranks: SzzRanks = szzRanks(cases),
): { hit: boolean; weights: SuspectCommitWeights }[] {
  const fitted = new Map<string, SuspectCommitWeights>();
  for (const repo of new Set(cases.map((item) => item.repo))) {
    const others = cases.flatMap((item, index) => (item.repo === repo ? [] : [index]));
    fitted.set(repo, fitWeights(ranks, others));
  }
  return cases.map((item, index) => {
    const weights = fitted.get(item.repo) ?? SUSPECT_COMMIT_WEIGHTS;
    return { hit: (ranks(weights).ranks[index] ?? 255) <= 3, weights };
  });
}
