/**
 * The ranking of suspect commits, from the blames of the suspect ranges (no git here, so
 * bench:history can fit it on kept blames). A commit scores by how much of each range it last
 * changed, weighted by the range's rank, by how recently before the first report it was made,
 * more inside a regression window, less for a bulk commit (an initial import, a mass reformat or
 * relicensing), and by its size and whether its subject says it fixes something — the weights
 * ({@link SUSPECT_COMMIT_WEIGHTS}) fitted by bench:history. Commits made after the first report
 * cannot have caused it and are left out.
 */
import type { BlamedCommit } from './blame-range.js';
import { isFixSubject } from './file-history.js';

/**
 * The weights of the suspect-commit score (see {@link rankBlamedCommits}). A commit's gain from a
 * range is `rank^−rankExponent · share^shareExponent · (recencyFloor + 0.5^(age/halfLifeDays)) ·
 * window · bulk · size · fix`, with `share` the fraction of the range's lines it last changed.
 */
export interface SuspectCommitWeights {
  /** Half-life of the recency weight, in days. */
  halfLifeDays: number;
  /** Weight an old commit keeps beside the recency term (0: age alone decides). */
  recencyFloor: number;
  /** Exponent of the range's rank (1-based) in its weight: 0 weighs all ranges alike. */
  rankExponent: number;
  /** Exponent of the share of the range a commit changed. */
  shareExponent: number;
  /** Weight of a commit inside the regression window, relative to one outside it. */
  windowWeight: number;
  /** Files changed above which a commit is a bulk change, its weight scaled by this over its count. */
  bulkFiles: number;
  /** Exponent of 1 / (files the commit changed): above 0 favours small, focused commits. */
  sizeExponent: number;
  /** Weight of a commit whose subject says it fixes something ({@link isFixSubject}). */
  fixWeight: number;
}

/**
 * The shipped weights, fitted on bench:history's SZZ set, where a fix's bug-introducing commit
 * (the commits that last changed the lines it changed: Śliwerski, Zimmermann & Zeller, MSR 2005)
 * should rank high: maximum likelihood of the bug-introducing commits' share of the score, by
 * coordinate ascent over a grid from the first weights (half-life 180 days, floor 0.25, 1/rank,
 * share, window ×4, no bulk bound, size and subject ignored). On 192 fixes (2026-12-03) the fit
 * shortened the half-life to 30 days, took the square root of the share and dropped the window's
 * extra weight; top 3 held out by repository 47.4 % against 45.8 % for the first weights. The
 * grid also offers a bulk bound (the SZZ variants' exclusion of non-semantic changes: Kim,
 * Zimmermann, Pan & Whitehead, ASE 2006; Neto, da Costa & Kulesza, SANER 2018), a discount of
 * large commits (Kamei et al., "A large-scale empirical study of just-in-time quality assurance",
 * TSE 2013) and a weight for fix-like subjects; the fit took none of them.
 */
export const SUSPECT_COMMIT_WEIGHTS: Readonly<SuspectCommitWeights> = {
  halfLifeDays: 30,
  recencyFloor: 0.25,
  rankExponent: 1,
  shareExponent: 0.5,
  windowWeight: 1,
  bulkFiles: Number.POSITIVE_INFINITY,
  sizeExponent: 0,
  fixWeight: 1,
};

/** A blamed suspect range: where, and which commits last changed its lines (null: not blamed). */
export interface BlamedRange {
  path: string;
  /** 1-based inclusive range. */
  lines: [number, number];
  commits: readonly BlamedCommit[] | null;
}

/** A commit's rank among the suspects, before its texts are shown. */
export interface RankedCommit extends BlamedCommit {
  score: number;
  /** The suspect ranges it last changed, with how many of their lines. */
  touches: { path: string; lines: [number, number]; changedLines: number }[];
  /** True when it lies inside the regression window (set only when a window is known). */
  inWindow?: boolean;
}

/** Options of {@link rankBlamedCommits}. */
export interface RankBlamedCommitsOptions {
  /** When the failure was first reported, in ms since the epoch. */
  reportedAt: number;
  /** Ids of the commits inside the regression window, if one is known. */
  windowCommits?: ReadonlySet<string> | undefined;
  /** Files each commit changed (absent: counted as one file, never a bulk commit). */
  commitFiles?: ReadonlyMap<string, number>;
  /** The score's weights. Default {@link SUSPECT_COMMIT_WEIGHTS}. */
  weights?: Readonly<SuspectCommitWeights>;
}

/**
 * Ranks the commits of the blamed ranges.
 * @param ranges blamed ranges, most suspect first.
 * @returns every commit that last changed a range before the report, most suspect first (ties:
 *   newer first), and the lines given to a boundary commit (unknown older authors).
 */
export function rankBlamedCommits(
  ranges: readonly BlamedRange[],
  {
    reportedAt,
    windowCommits,
    commitFiles,
    weights = SUSPECT_COMMIT_WEIGHTS,
  }: RankBlamedCommitsOptions,
): { commits: RankedCommit[]; unattributed: number } {
  let unattributed = 0;
  const scored = new Map<string, RankedCommit>();
  ranges.forEach((range, rank) => {
    const length = range.lines[1] - range.lines[0] + 1;
    const rankWeight = (rank + 1) ** -weights.rankExponent;
    for (const commit of range.commits ?? []) {
      // A boundary commit (the shallow clone's cut, or the blamed history's start) only stands
      // for older, unknown authors of its lines.
      if (commit.boundary) {
        unattributed += commit.lines;
        continue;
      }
      if (commit.time > reportedAt) continue;
      const ageDays = Math.max(0, reportedAt - commit.time) / 86_400_000;
      const recency = 0.5 ** (ageDays / weights.halfLifeDays);
      const inWindow = windowCommits?.has(commit.id) ?? false;
      const files = Math.max(1, commitFiles?.get(commit.id) ?? 1);
      const bulk = files > weights.bulkFiles ? weights.bulkFiles / files : 1;
      const gain =
        rankWeight *
        (commit.lines / length) ** weights.shareExponent *
        (weights.recencyFloor + recency) *
        (inWindow ? weights.windowWeight : 1) *
        bulk *
        files ** -weights.sizeExponent *
        (isFixSubject(commit.subject) ? weights.fixWeight : 1);
      const touch = { path: range.path, lines: range.lines, changedLines: commit.lines };
      const known = scored.get(commit.id);
      if (known) {
        known.score += gain;
        known.touches.push(touch);
        continue;
      }
      scored.set(commit.id, {
        ...commit,
        score: gain,
        touches: [touch],
        ...(windowCommits ? { inWindow } : {}),
      });
    }
  });
  const commits = [...scored.values()].sort((a, b) => b.score - a.score || b.time - a.time);
  return { commits, unattributed };
}
