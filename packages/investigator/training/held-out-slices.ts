/**
 * Held-out figures of candidate rankings per slice of the reports (set, language, crash or plain),
 * for `npm run train:localize`: Acc@1/@3/@5 and MRR of several rankings of the same candidates
 * compared in one table — the learned model under grouped cross-validation, the hand-set prior
 * ({@link PRIOR_WEIGHTS}) and the `lexicalFile` feature alone (BM25 of the whole file). The two
 * fixed rankings are fitted on nothing, so their figures are held out by construction. A rank is
 * 1-based, 0 when no relevant candidate was kept.
 *
 * Each slice also gets the share of reports whose candidates hold a fixed file at all (the recall
 * of the candidate set, the same under every ranking): it bounds Acc@k, so a slice's gap between it
 * and Acc@5 is misranking, and its gap to 1 is files the localizer never considers.
 */
import { RANKING_FEATURES, type RankingFeature } from '@sightline/investigator/internal';
import { type RankingQuery, rankOfRelevant } from './pairwise-ranker.js';
import { meanReciprocalRank, PRIOR_WEIGHTS } from './select-ranker.js';

/** Fixed weights (one per feature, `RANKING_FEATURES` order) from named weights. */
export function weightsOf(named: Readonly<Partial<Record<RankingFeature, number>>>): number[] {
  return RANKING_FEATURES.map((name) => named[name] ?? 0);
}

/** The fixed rankings compared with the learned one: the hand-set prior and BM25 alone. */
export const FIXED_RANKINGS: Readonly<Record<string, readonly number[]>> = {
  'hand-set prior': weightsOf(PRIOR_WEIGHTS),
  'BM25 (lexicalFile alone)': weightsOf({ lexicalFile: 1 }),
};

/**
 * Each report's rank under fixed weights.
 * @returns report id → rank.
 */
export function fixedRanks(
  queries: readonly RankingQuery[],
  weights: readonly number[],
): Map<string, number> {
  return new Map(queries.map((query) => [query.id, rankOfRelevant(query, weights)]));
}

function share(ranks: readonly number[], k: number): number {
  return ranks.length === 0
    ? 0
    : ranks.filter((rank) => rank > 0 && rank <= k).length / ranks.length;
}

const figure = (value: number) => value.toFixed(2);

/**
 * A Markdown table: one row per slice, the share of its reports with a fixed file among the
 * candidates (read from the first ranking: rank 0 is none), then per ranking Acc@1 / Acc@3 / Acc@5
 * / MRR.
 * @param ids - the reports measured (those every ranking ranked).
 * @param slicesOf - the slices a report belongs to (`language: java`, `kind: crash`, …).
 * @param rankings - ranking name → report id → rank.
 * @returns the table, slices in first-seen order with `all` first.
 */
export function sliceTable(
  ids: readonly string[],
  slicesOf: (id: string) => string[],
  rankings: Readonly<Record<string, ReadonlyMap<string, number>>>,
): string {
  const members = new Map<string, string[]>([['all', [...ids]]]);
  for (const id of ids)
    for (const slice of slicesOf(id)) members.set(slice, [...(members.get(slice) ?? []), id]);
  const names = Object.keys(rankings);
  const header = `| slice | reports | fix among candidates | ${names.map((name) => `${name}: Acc@1 / @3 / @5 / MRR`).join(' | ')} |`;
  const rule = `| --- | --- | --- | ${names.map(() => '---').join(' | ')} |`;
  const rows = [...members].map(([slice, list]) => {
    const cells = names.map((name) => {
      const ranks = list.map((id) => rankings[name]?.get(id) ?? 0);
      return [share(ranks, 1), share(ranks, 3), share(ranks, 5), meanReciprocalRank(ranks)]
        .map(figure)
        .join(' / ');
    });
    const first = list.map((id) => rankings[names[0] ?? '']?.get(id) ?? 0);
    const recall = first.filter((rank) => rank > 0).length / Math.max(1, first.length);
    return `| ${slice} | ${list.length} | ${figure(recall)} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
