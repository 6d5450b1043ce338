/**
 * A linear learning-to-rank model fitted with a pairwise logistic loss — the ranking SVM of
 * Joachims (KDD 2002) with the hinge replaced by the logistic loss of RankNet (Burges et al., ICML
 * 2005), as Ye et al. (FSE 2014) train theirs for bug localization: for every report, every pair of
 * a fixed file and a file the fix did not touch should score higher for the fixed one. Each report
 * weighs the same in the loss whatever its number of pairs, so a report with thousands of
 * candidate files does not outweigh a crash with ten. L2-regularised towards a prior (the weights
 * set by hand before any were learned, see select-ranker.ts), optionally towards the prior's
 * direction at a fitted scale, minimised by L-BFGS (prior-penalty.ts, with `minimize` of
 * @sightline/intake, shared with the classifiers). Deterministic: no sampling, no
 * randomness; the same queries give the same weights.
 */
import { fitWithPrior, type RankerOptions } from './prior-penalty.js';
import type { RankingQuery } from './ranking-query.js';

/**
 * Fits the weights.
 * @param queries - reports with candidates; a report without a relevant or an irrelevant
 *   candidate adds no pair.
 * @param options - penalty and prior, see `RankerOptions`.
 * @returns one weight per feature.
 * @throws Error when no report gives a pair (nothing to learn from).
 */
export function fitPairwiseRanker(
  queries: readonly RankingQuery[],
  options: RankerOptions,
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
  return fitWithPrior(size, options, (weights, gradient) => {
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
    return loss;
  });
}
