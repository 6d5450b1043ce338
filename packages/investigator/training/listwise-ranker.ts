/**
 * A linear learning-to-rank model fitted with a listwise loss: the softmax cross-entropy of a
 * report's candidate list (ListNet's top-one probability, Cao et al., ICML 2007; with several
 * relevant items as in Bruch et al., ICTIR 2019, "An Analysis of the Softmax Cross Entropy Loss
 * for Learning-to-Rank with Binary Relevance"): the scores, passed through a softmax over the
 * report's candidates, should put the probability mass on the files the fix changed. Unlike the
 * pairwise loss, which counts every misordered pair the same wherever it sits in the list, the
 * softmax loss is driven by the candidates that score highest, so it fits what Acc@1 and MRR
 * measure (Bruch et al. show it bounds MRR and NDCG). Each report is one term of the loss, so a
 * report with thousands of candidates weighs what a crash with ten does. L2-regularised towards
 * the prior as the pairwise ranker is (prior-penalty.ts), minimised by L-BFGS (`minimize` of
 * @sightline/intake). Deterministic: the same queries give the same weights.
 */
import { fitWithPrior, type RankerOptions } from './prior-penalty.js';
import type { RankingQuery } from './ranking-query.js';

/**
 * Fits the weights.
 * @param queries - reports with candidates; a report without a relevant or an irrelevant
 *   candidate adds nothing to learn from and is left out.
 * @param options - penalty and prior, see `RankerOptions`.
 * @returns one weight per feature.
 * @throws Error when no report has both a fixed and another candidate (nothing to learn from).
 */
export function fitListwiseRanker(
  queries: readonly RankingQuery[],
  options: RankerOptions,
): number[] {
  const usable = queries.filter(
    (query) =>
      query.candidates.some((candidate) => candidate.relevant) &&
      query.candidates.some((candidate) => !candidate.relevant),
  );
  if (usable.length === 0)
    throw new Error(
      'No report has both a fixed and another candidate file: nothing to learn from.',
    );
  const size = usable[0]?.candidates[0]?.features.length ?? 0;
  // Every candidate's features in one flat array, report by report: the objective's loops then
  // run over contiguous numbers.
  const features = Float64Array.from(
    usable.flatMap((query) => query.candidates.flatMap((candidate) => candidate.features)),
  );
  const relevant = Uint8Array.from(
    usable.flatMap((query) => query.candidates.map((candidate) => (candidate.relevant ? 1 : 0))),
  );
  const lengths = usable.map((query) => query.candidates.length);
  const scores = new Float64Array(Math.max(...lengths));
  return fitWithPrior(size, options, (weights, gradient) => {
    let loss = 0;
    let first = 0;
    for (const length of lengths) {
      let highest = Number.NEGATIVE_INFINITY;
      for (let candidate = 0; candidate < length; candidate += 1) {
        const offset = (first + candidate) * size;
        let score = 0;
        for (let at = 0; at < size; at += 1)
          score += (weights[at] as number) * (features[offset + at] as number);
        scores[candidate] = score;
        highest = Math.max(highest, score);
      }
      // log Σ_all e^s − log Σ_relevant e^s, shifted by the highest score against overflow.
      let all = 0;
      let fixed = 0;
      for (let candidate = 0; candidate < length; candidate += 1) {
        const share = Math.exp((scores[candidate] as number) - highest);
        scores[candidate] = share;
        all += share;
        if (relevant[first + candidate]) fixed += share;
      }
      loss += Math.log(all) - Math.log(fixed);
      for (let candidate = 0; candidate < length; candidate += 1) {
        const share = scores[candidate] as number;
        const slope = share / all - (relevant[first + candidate] ? share / fixed : 0);
        const offset = (first + candidate) * size;
        for (let at = 0; at < size; at += 1)
          gradient[at] = (gradient[at] as number) + slope * (features[offset + at] as number);
      }
      first += length;
    }
    return loss;
  });
}
