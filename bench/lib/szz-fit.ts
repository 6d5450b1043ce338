/**
 * bench:history's SZZ figure from kept blames: whether a fix's bug-introducing commit is among
 * the top 3 suspect commits, ranked by the product's ranking (rank-suspect-commits.ts), and that
 * ranking's model (suspect-commit-model.ts) fitted as a pairwise logistic ranker and checked with
 * cross-validation grouped by repository (a project's own fixes never tune its ranking).
 */
import {
  type BlamedRange,
  commitCandidates,
  rankBlamedCommits,
  SUSPECT_COMMIT_FEATURES,
  SUSPECT_COMMIT_MODEL,
  type SuspectCommitModel,
} from '@sightline/codebase/internal';

/** A fix with its bug-introducing commits and the blames of its top suspect ranges. */
export interface SzzCase {
  repo: string;
  reportedAt: number;
  ranges: BlamedRange[];
  commitFiles: ReadonlyMap<string, number>;
  reportMatch?: ReadonlyMap<string, number>;
  /** Path → lines the report's stack frames name there. */
  frameLines?: ReadonlyMap<string, readonly number[]>;
  windowCommits?: ReadonlySet<string>;
  /** Ids of the bug-introducing commits. */
  introducing: ReadonlySet<string>;
}

/**
 * L2 penalty of the fit (per standardized weight; the loss is a mean over fixes): the best of
 * 0.01, 0.1 and 1 held out by repository on the 2026-12-03 morning SZZ set (194 fixes, blames of
 * the previous localizer's ranges: top 3 in 94, 94 and 96).
 */
export const SZZ_L2 = 1;

/** Where the first bug-introducing commit ranks under a model (1-based; Infinity: not ranked). */
export function introducingRank(item: SzzCase, model: SuspectCommitModel): number {
  const { commits } = rankBlamedCommits(item.ranges, {
    reportedAt: item.reportedAt,
    windowCommits: item.windowCommits,
    commitFiles: item.commitFiles,
    ...(item.reportMatch ? { reportMatch: item.reportMatch } : {}),
    ...(item.frameLines ? { frameLines: item.frameLines } : {}),
    model,
  });
  const at = commits.findIndex((commit) => item.introducing.has(commit.id));
  return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
}

/** Whether a bug-introducing commit is among the top 3 suspect commits. */
export const szzHit = (item: SzzCase, model: SuspectCommitModel = SUSPECT_COMMIT_MODEL) =>
  introducingRank(item, model) <= 3;

/** Whether any blamed commit is a bug-introducing one (the most any ranking can hit). */
export const szzReachable = (item: Pick<SzzCase, 'ranges' | 'introducing'>) =>
  item.ranges.some((range) => range.commits?.some((commit) => item.introducing.has(commit.id)));

/** A fix's candidates as the fit reads them: feature vectors, and which are bug-introducing. */
interface Prepared {
  features: number[][];
  introducing: boolean[];
}

function prepare(item: SzzCase): Prepared {
  const { candidates } = commitCandidates(item.ranges, item);
  return {
    features: candidates.map((candidate) => candidate.features),
    introducing: candidates.map((candidate) => item.introducing.has(candidate.id)),
  };
}

/** Solves `a · x = b` (a small symmetric positive definite system) by Gaussian elimination. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, at) => [...row, b[at] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(m[row]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = row;
    }
    [m[col], m[pivot]] = [m[pivot] ?? [], m[col] ?? []];
    const lead = m[col]?.[col] || 1e-12;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = (m[row]?.[col] ?? 0) / lead;
      for (let k = col; k <= n; k++) {
        (m[row] as number[])[k] = (m[row]?.[k] ?? 0) - factor * (m[col]?.[k] ?? 0);
      }
    }
  }
  return m.map((row, at) => (row[n] ?? 0) / (row[at] || 1e-12));
}

/**
 * Fits the pairwise logistic ranker on prepared fixes: every (bug-introducing, other) pair of a
 * fix's candidates, each fix weighing 1 in all, L2 penalty `l2`, Newton's method from zero.
 * @returns the model (features standardized by their mean and deviation on these candidates).
 */
function fitPrepared(fixes: readonly Prepared[], l2: number, fitted: string): SuspectCommitModel {
  const d = SUSPECT_COMMIT_FEATURES.length;
  const rows = fixes.flatMap((fix) => fix.features);
  const mean = Array.from({ length: d }, (_, j) =>
    rows.length ? rows.reduce((sum, row) => sum + (row[j] ?? 0), 0) / rows.length : 0,
  );
  const scale = Array.from({ length: d }, (_, j) => {
    const variance = rows.length
      ? rows.reduce((sum, row) => sum + ((row[j] ?? 0) - (mean[j] ?? 0)) ** 2, 0) / rows.length
      : 0;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  const pairs: { diff: number[]; weight: number }[] = [];
  for (const fix of fixes) {
    const z = fix.features.map((row) => row.map((v, j) => (v - (mean[j] ?? 0)) / (scale[j] ?? 1)));
    const positive = z.filter((_, at) => fix.introducing[at]);
    const negative = z.filter((_, at) => !fix.introducing[at]);
    const weight = 1 / (positive.length * negative.length);
    for (const p of positive) {
      for (const n of negative) pairs.push({ diff: p.map((v, j) => v - (n[j] ?? 0)), weight });
    }
  }
  const fixCount = Math.max(1, fixes.length);
  let weights = Array.from({ length: d }, () => 0);
  for (let step = 0; step < 25; step++) {
    const gradient = weights.map((w) => l2 * w);
    const hessian = Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, j) => (i === j ? l2 : 0)),
    );
    for (const { diff, weight } of pairs) {
      const margin = diff.reduce((sum, v, j) => sum + v * (weights[j] ?? 0), 0);
      const p = 1 / (1 + Math.exp(margin));
      const w = weight / fixCount;
      for (let i = 0; i < d; i++) {
        gradient[i] = (gradient[i] ?? 0) - w * p * (diff[i] ?? 0);
        for (let j = 0; j < d; j++) {
          (hessian[i] as number[])[j] =
            (hessian[i]?.[j] ?? 0) + w * p * (1 - p) * (diff[i] ?? 0) * (diff[j] ?? 0);
        }
      }
    }
    const move = solve(hessian, gradient);
    weights = weights.map((w, j) => w - (move[j] ?? 0));
    if (Math.max(...move.map(Math.abs)) < 1e-6) break;
  }
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  return {
    version: SUSPECT_COMMIT_MODEL.version,
    features: SUSPECT_COMMIT_FEATURES,
    mean: mean.map(round),
    scale: scale.map(round),
    weights: weights.map(round),
    l2,
    fitted,
  };
}

/**
 * The model fitted on the fixes at `indices` of `cases` (fixes with no bug-introducing or no other
 * candidate give no pair and weigh nothing).
 */
export function fitSuspectCommitModel(
  cases: readonly SzzCase[],
  { l2 = SZZ_L2, fitted = `bench:history SZZ set, ${cases.length} fixes` } = {},
): SuspectCommitModel {
  return fitPrepared(
    cases
      .map(prepare)
      .filter((fix) => fix.introducing.some(Boolean) && fix.introducing.some((flag) => !flag)),
    l2,
    fitted,
  );
}

/**
 * Leave-one-repository-out: each fix ranked with the model fitted on the other repositories.
 * @returns per case (input order) whether it hits and the model used.
 */
export function crossValidatedSzz(
  cases: readonly SzzCase[],
  l2 = SZZ_L2,
): { hit: boolean; model: SuspectCommitModel }[] {
  const fitted = new Map<string, SuspectCommitModel>();
  for (const repo of new Set(cases.map((item) => item.repo))) {
    const others = cases.filter((item) => item.repo !== repo);
    fitted.set(repo, fitSuspectCommitModel(others, { l2, fitted: `all but ${repo}` }));
  }
  return cases.map((item) => {
    const model = fitted.get(item.repo) ?? SUSPECT_COMMIT_MODEL;
    return { hit: szzHit(item, model), model };
  });
}
