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

/** 1-based rank of the first bug-introducing commit among the suspect commits (Infinity: none). */
export function introducingRank(item: SzzCase, weights: SuspectCommitWeights): number {
  const { commits } = rankBlamedCommits(item.ranges, {
    reportedAt: item.reportedAt,
    windowCommits: item.windowCommits,
    commitFiles: item.commitFiles,
    weights,
  });
  const at = commits.findIndex((commit) => item.introducing.has(commit.id));
  return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
}

/** Whether a bug-introducing commit is among the top 3 suspect commits. */
export const szzHit = (item: SzzCase, weights: SuspectCommitWeights = SUSPECT_COMMIT_WEIGHTS) =>
  introducingRank(item, weights) <= 3;

/** Whether any blamed commit is a bug-introducing one (the most any ranking can hit). */
export const szzReachable = (item: SzzCase) =>
  item.ranges.some((range) => range.commits?.some((commit) => item.introducing.has(commit.id)));

/** Every case's rank under a weighting, computed once per weighting (folds share most of them). */
export type SzzRanks = (weights: SuspectCommitWeights) => Uint8Array;

/** The cases' ranks per weighting, capped at 255 (255: not ranked), memoized. */
export function szzRanks(cases: readonly SzzCase[]): SzzRanks {
  const kept = new Map<string, Uint8Array>();
  return (weights) => {
    const key = JSON.stringify(Object.values(weights));
    let ranks = kept.get(key);
    if (!ranks) {
      ranks = Uint8Array.from(cases, (item) => Math.min(255, introducingRank(item, weights)));
      kept.set(key, ranks);
    }
    return ranks;
  };
}

/** Top-3 hits and the sum of reciprocal ranks of the cases at `indices`. */
function scoreOf(ranks: Uint8Array, indices: readonly number[]) {
  let hits = 0;
  let reciprocal = 0;
  for (const index of indices) {
    const rank = ranks[index] ?? 255;
    if (rank <= 3) hits += 1;
    if (rank < 255) reciprocal += 1 / rank;
  }
  return { hits, reciprocal };
}

const better = (a: ReturnType<typeof scoreOf>, b: ReturnType<typeof scoreOf>) =>
  a.hits > b.hits || (a.hits === b.hits && a.reciprocal > b.reciprocal + 1e-9);

/**
 * The weights with the most top-3 hits on the cases at `indices` (then the higher sum of
 * reciprocal ranks), by coordinate ascent over {@link WEIGHT_GRID} from the shipped weights: one
 * weight at a time, a value kept only when it scores better, until a pass changes nothing.
 */
export function fitWeights(ranks: SzzRanks, indices: readonly number[]): SuspectCommitWeights {
  let weights: SuspectCommitWeights = { ...SUSPECT_COMMIT_WEIGHTS };
  let score = scoreOf(ranks(weights), indices);
  for (let pass = 0, changed = true; changed && pass < 10; pass += 1) {
    changed = false;
    for (const [name, values] of Object.entries(WEIGHT_GRID)) {
      for (const value of values) {
        const tried = { ...weights, [name]: value };
        const triedScore = scoreOf(ranks(tried), indices);
        if (better(triedScore, score)) {
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
    return { hit: (ranks(weights)[index] ?? 255) <= 3, weights };
  });
}
