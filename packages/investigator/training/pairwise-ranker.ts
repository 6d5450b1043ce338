/**
 * A linear learning-to-rank model fitted with a pairwise logistic loss — the ranking SVM of
 * Joachims (KDD 2002) with the hinge replaced by the logistic loss of RankNet (Burges et al., ICML
 * 2005), as Ye et al. (FSE 2014) train theirs for bug localization: for every report, every pair of
 * a fixed file and a file the fix did not touch should score higher for the fixed one. Each report
 * weighs the same in the loss whatever its number of pairs, so a report with thousands of
 * candidate files does not outweigh a crash with ten. L2-regularised towards a prior (the weights
 * set by hand before any were learned, see select-ranker.ts), optionally towards the prior's
 * direction at a fitted scale, minimised by L-BFGS
 * (`minimize` of @sightline/intake, shared with the classifiers). Deterministic: no sampling, no
 * randomness; the same queries give the same weights.
 */
import { minimize } from '@sightline/intake/training';

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

/** Options of {@link fitPairwiseRanker}. */
export interface PairwiseRankerOptions {
  /** L2 penalty λ (the objective is mean-per-report pairwise loss × reports + λ/2·‖w − prior‖²). */
  l2: number;
  /**
   * The weights the penalty pulls towards (a Gaussian prior's mean): the fit moves away from them
   * only as far as the reports support. Default all 0 (plain ridge).
   */
  prior?: readonly number[];
  /**
   * Whether the prior's scale is fitted too: the penalty is then λ/2·‖w − s·prior‖² with s free.
   * A ranking depends only on the direction of the weights, so the prior's is what it knows.
   */
  scalePrior?: boolean;
  /** L-BFGS iterations at most. Default 300. */
  maxIterations?: number;
}

/**
 * Fits the weights.
 * @param queries - reports with candidates; a report without a relevant or an irrelevant
 *   candidate adds no pair.
 * @param options - see {@link PairwiseRankerOptions}.
 * @returns one weight per feature.
 * @throws Error when no report gives a pair (nothing to learn from).
 */
export function fitPairwiseRanker(
  queries: readonly RankingQuery[],
  { l2, maxIterations = 300, prior = [], scalePrior = false }: PairwiseRankerOptions,
): number[] {
  const size = queries[0]?.candidates[0]?.features.length ?? 0;
  // Pair differences in one flat array (pair p's features at p·size …): the objective's loops
  // then run over contiguous numbers, which matters with hundreds of reports.
  const rows: number[] = [];
  const pairWeights: number[] = [];
  for (const query of queries) {
    const relevant = query.candidates.filter((candidate) => candidate.relevant);
    const others = query.candidates.filter((candidate) => !candidate.relevant);
    const pairs = relevant.length * others.length;
    for (const good of relevant) {
      for (const bad of others) {
        for (let at = 0; at < size; at += 1)
          rows.push((good.features[at] ?? 0) - (bad.features[at] ?? 0));
        pairWeights.push(1 / pairs);
      }
    }
  }
  if (pairWeights.length === 0)
    throw new Error(
      'No report has both a fixed and another candidate file: nothing to learn from.',
    );
  const differences = Float64Array.from(rows);
  const weightsOfPairs = Float64Array.from(pairWeights);
  const pairCount = weightsOfPairs.length;
  const objective = (weights: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (let pair = 0, offset = 0; pair < pairCount; pair += 1, offset += size) {
      let margin = 0;
      for (let at = 0; at < size; at += 1)
        margin += (weights[at] as number) * (differences[offset + at] as number);
      const weight = weightsOfPairs[pair] as number;
      // log(1 + e^−m), computed without overflow for large |m|.
      loss +=
        weight *
        (margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin)));
      const slope = -weight / (1 + Math.exp(margin));
      for (let at = 0; at < size; at += 1)
        gradient[at] = (gradient[at] as number) + slope * (differences[offset + at] as number);
    }
    const scale = scalePrior ? (weights[size] as number) : 1;
    if (scalePrior) gradient[size] = 0;
    for (let at = 0; at < size; at += 1) {
      const value = (weights[at] ?? 0) - scale * (prior[at] ?? 0);
      loss += (l2 / 2) * value * value;
      gradient[at] = (gradient[at] ?? 0) + l2 * value;
      if (scalePrior) gradient[size] = (gradient[size] as number) - l2 * value * (prior[at] ?? 0);
    }
    return loss;
  };
  const { x } = minimize(
    objective,
    Float64Array.from({ length: size + (scalePrior ? 1 : 0) }, (_, at) =>
      at === size ? 1 : (prior[at] ?? 0),
    ),
    {
      maxIterations,
      relativeTolerance: 1e-9,
    },
  );
  return [...x.subarray(0, size)];
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
