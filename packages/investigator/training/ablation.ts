/**
 * Ablations of the ranking's features, so that a feature is kept only when it helps repositories
 * the model was not fitted on:
 * - the interactions (`DERIVED_FEATURES`): grouped cross-validated figures with every feature,
 *   without each interaction and without all of them, at one penalty (the one chosen for the full
 *   model);
 * - the history features (`HISTORY_FEATURES`): nested grouped cross-validated figures (weights and
 *   penalty chosen without the held-out fold, as the shipped evidence is) without each history
 *   feature (train:localize itself compares with all of them and without any);
 * - the report-title features: nested grouped cross-validated figures without them.
 * A feature is removed by setting its value to 0 in every row: its prior weight is 0 and the
 * penalty holds it there, as if it did not exist.
 */
import {
  DERIVED_FEATURES,
  HISTORY_FEATURES,
  RANKING_FEATURES,
} from '@sightline/investigator/internal';
import { accuracy } from '../../../bench/lib/localize-metrics.js';
import type { RankingQuery } from './ranking-query.js';
import {
  crossValidatedRanks,
  foldModels,
  meanReciprocalRank,
  nestedRanks,
} from './select-ranker.js';

/** Queries with the named features' values set to 0. */
export function withoutFeatures<Query extends RankingQuery>(
  queries: readonly Query[],
  names: readonly string[],
): Query[] {
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
  return table(`grouped CV, λ ${l2}`, variants, (removed) => [
    ...crossValidatedRanks(withoutFeatures(queries, removed), folds, l2).values(),
  ]);
}

/**
 * The history features' ablation, under nested grouped cross-validation.
 * @param queries - the reports.
 * @param folds - report id → fold.
 * @returns a Markdown table: variant, Acc@1 / @3 / @5, MRR.
 */
export function historyAblationTable(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
): string {
  const variants = HISTORY_FEATURES.map((name): [string, string[]] => [`without ${name}`, [name]]);
  return table('nested grouped CV', variants, (removed) => {
    const reduced = withoutFeatures(queries, removed);
    return [...nestedRanks(reduced, folds, foldModels(reduced, folds)).values()];
  });
}

/**
 * The report-title features' ablation (`titleLexical`, `titleName`: the title's own lexical match
 * and its share of a file's name, title-name.ts), under nested grouped cross-validation: the
 * figures without both, to compare with the full model's.
 * @param queries - the reports.
 * @param folds - report id → fold.
 * @returns a Markdown table: variant, Acc@1 / @3 / @5, MRR.
 */
export function titleAblationTable(
  queries: readonly RankingQuery[],
  folds: ReadonlyMap<string, string>,
): string {
  return table(
    'nested grouped CV',
    [['without the title features', [...TITLE_FEATURES]]],
    (removed) => {
      const reduced = withoutFeatures(queries, removed);
      return [...nestedRanks(reduced, folds, foldModels(reduced, folds)).values()];
    },
  );
}

/** The features read off the report's title alone. */
const TITLE_FEATURES = ['titleLexical', 'titleName'] as const;

/** One Markdown row per variant: its held-out Acc@1, @3, @5 and MRR. */
function table(
  heading: string,
  variants: readonly [string, string[]][],
  ranksWithout: (removed: string[]) => number[],
): string {
  const rows = variants.map(([name, removed]) => {
    const ranks = ranksWithout(removed);
    return `| ${name} | ${[accuracy(ranks, 1), accuracy(ranks, 3), accuracy(ranks, 5), meanReciprocalRank(ranks)].map((value) => value.toFixed(3)).join(' | ')} |`;
  });
  return [
    `| variant (${heading}) | Acc@1 | Acc@3 | Acc@5 | MRR |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
