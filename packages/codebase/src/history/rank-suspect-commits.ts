/**
 * The ranking of suspect commits, from the blames of the suspect ranges (no git here, so
 * bench:history can fit it on kept blames). A commit scores by how much of each range it last
 * changed, weighted by the range's rank, then by how recently before the first report it was made
 * (half-life {@link RECENCY_HALF_LIFE_DAYS}); commits inside a regression window weigh
 * {@link WINDOW_WEIGHT} times more; a bulk commit (one that changed more than
 * {@link BULK_COMMIT_FILES} files: an initial import, a mass reformat or relicensing) weighs that
 * many files over its own count — SZZ variants leave such non-semantic changes out of the
 * bug-introducing candidates (Kim, Zimmermann, Pan & Whitehead, "Automatic identification of
 * bug-introducing changes", ASE 2006: format-only changes; Neto, da Costa & Kulesza, "The impact
 * of refactoring changes on the SZZ algorithm", SANER 2018: refactorings). Commits made after the
 * first report cannot have caused it and are left out.
 */
import type { BlamedCommit } from './blame-range.js';

/** Half-life of the recency weight, in days (Sightline's choice, measured by bench:history). */
export const RECENCY_HALF_LIFE_DAYS = 180;
/** Weight of a commit inside the regression window, relative to one outside it. */
export const WINDOW_WEIGHT = 4;
/**
 * Files changed above which a commit counts as a bulk change, its weight scaled by this over its
 * file count. Fitted on bench:history's SZZ set (checked leave-one-repository-out): on 41 fixes
 * (2026-12-02) no bound gained a hit — plain SZZ blames some fixes' lines to an initial import
 * itself — so none is set (Infinity); the bench re-fits it on every run.
 */
export const BULK_COMMIT_FILES = Number.POSITIVE_INFINITY;

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
  /** Files each commit changed (absent: not a bulk commit). */
  commitFiles?: ReadonlyMap<string, number>;
  /** Files changed above which a commit is a bulk change. Default {@link BULK_COMMIT_FILES}. */
  bulkFiles?: number;
  /** Recency half-life, in days. Default {@link RECENCY_HALF_LIFE_DAYS}. */
  halfLifeDays?: number;
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
    bulkFiles = BULK_COMMIT_FILES,
    halfLifeDays = RECENCY_HALF_LIFE_DAYS,
  }: RankBlamedCommitsOptions,
): { commits: RankedCommit[]; unattributed: number } {
  let unattributed = 0;
  const scored = new Map<string, RankedCommit>();
  ranges.forEach((range, rank) => {
    const length = range.lines[1] - range.lines[0] + 1;
    const rankWeight = 1 / (rank + 1);
    for (const commit of range.commits ?? []) {
      // A boundary commit (the shallow clone's cut, or the blamed history's start) only stands
      // for older, unknown authors of its lines.
      if (commit.boundary) {
        unattributed += commit.lines;
        continue;
      }
      if (commit.time > reportedAt) continue;
      const ageDays = Math.max(0, reportedAt - commit.time) / 86_400_000;
      const recency = 0.5 ** (ageDays / halfLifeDays);
      const inWindow = windowCommits?.has(commit.id) ?? false;
      const files = commitFiles?.get(commit.id) ?? 0;
      const bulk = files > bulkFiles ? bulkFiles / files : 1;
      const gain =
        rankWeight *
        (commit.lines / length) *
        (0.25 + recency) *
        (inWindow ? WINDOW_WEIGHT : 1) *
        bulk;
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
