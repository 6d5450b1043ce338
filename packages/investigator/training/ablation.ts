/**
 * Ablation of the ranking's interactions (`DERIVED_FEATURES`): grouped cross-validated figures of
 * the learned ranking with every feature, without each interaction, and without all of them, at
 * one penalty (the one chosen for the full model), so that an interaction is kept only when it
 * helps repositories the model was not fitted on. A feature is removed by setting its value to 0
 * in every row: its prior weight is 0 and the penalty holds it there, as if it did not exist.
 */
import { DERIVED_FEATURES, RANKING_FEATURES } from '@sightline/investigator/internal';
import { accuracy } from '../../../bench/lib/localize-metrics.js';
import type { RankingQuery } from './pairwise-ranker.js';
import { crossValidatedRanks, meanReciprocalRank } from './select-ranker.js';

/** Queries with the named features' values set to 0. */
function without(queries: readonly RankingQuery[], names: readonly string[]): RankingQuery[] {
  const positions = names.map((name) => (RANKING_FEATURES as readonly string[]).indexOf(name));
  return queries.map((query) => ({
    ...query,
    candidates: query.candidates.map((candidate) => ({
      ...candidate,
      features: candidate.features.map((value, at) => (positions.includes(at) ? 0 : value)),
    })),
  }));
}

/**
 * The ablation table.
 * @param queries - the reports.
 * @param folds - report id → fold.
 * @param l2 - the penalty.
 * @returns a Markdown table: variant, Acc@1 / @3 / @5, MRR.
 */
export function ablationTable(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
  l2: number,
): string {
  const variants: [string, string[]][] = [
    ['every feature', []],
    ...DERIVED_FEATURES.map((name): [string, string[]] => [`without ${name}`, [name]]),
    ['without every interaction', [...DERIVED_FEATURES]],
  ];
  const rows = variants.map(([name, removed]) => {
    const ranks = [...crossValidatedRanks(without(queries, removed), folds, l2).values()];
    return `| ${name} | ${[accuracy(ranks, 1), accuracy(ranks, 3), accuracy(ranks, 5), meanReciprocalRank(ranks)].map((value) => value.toFixed(3)).join(' | ')} |`;
  });
  return [
    `| variant (grouped CV, λ ${l2}) | Acc@1 | Acc@3 | Acc@5 | MRR |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
