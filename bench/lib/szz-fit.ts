/**
 * bench:history's SZZ figure from kept blames: whether a fix's bug-introducing commit is among
 * the top 3 suspect commits, ranked by the product's ranking (rank-suspect-commits.ts), and the
 * bulk-commit bound of that ranking fitted and checked with cross-validation grouped by
 * repository (a project's own fixes never tune its ranking).
 */
import { type BlamedRange, rankBlamedCommits } from '@sightline/codebase/internal';

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

/** Bulk bounds tried, in files (Infinity: no bulk discount). */
export const BULK_GRID = [
  Number.POSITIVE_INFINITY,
  2000,
  1000,
  500,
  300,
  200,
  150,
  100,
  70,
  50,
  30,
  20,
];

/** Whether a bug-introducing commit is among the top 3 suspect commits. */
export function szzHit(item: SzzCase, bulkFiles: number): boolean {
  const { commits } = rankBlamedCommits(item.ranges, {
    reportedAt: item.reportedAt,
    windowCommits: item.windowCommits,
    commitFiles: item.commitFiles,
    bulkFiles,
  });
  return commits.slice(0, 3).some((commit) => item.introducing.has(commit.id));
}

/**
 * The bulk bound with the most top-3 hits (ties: the loosest bound, i.e. the least change).
 * @returns a value of {@link BULK_GRID}.
 */
export function fitBulkFiles(cases: readonly SzzCase[]): number {
  let best = { bound: Number.POSITIVE_INFINITY, hits: -1 };
  for (const bound of BULK_GRID) {
    const hits = cases.filter((item) => szzHit(item, bound)).length;
    if (hits > best.hits) best = { bound, hits };
  }
  return best.bound;
}

/**
 * Leave-one-repository-out: each fix ranked with the bound fitted on the other repositories.
 * @returns per case (input order) whether it hits and the bound used.
 */
export function crossValidatedSzz(cases: readonly SzzCase[]): { hit: boolean; bound: number }[] {
  const bounds = new Map<string, number>();
  for (const repo of new Set(cases.map((item) => item.repo))) {
    bounds.set(repo, fitBulkFiles(cases.filter((item) => item.repo !== repo)));
  }
  return cases.map((item) => {
    const bound = bounds.get(item.repo) ?? Number.POSITIVE_INFINITY;
    return { hit: szzHit(item, bound), bound };
  });
}
