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
 *
 * Top-5 span overlap, as bench:localize defines it: of the reports whose first fixed file is in the
 * top 5, the share where the localizer's lines in that file overlap the gold function. The lines
 * do not depend on the ranking (bench/lib/localize-spans.ts), so each ranking's is read from one
 * per-report table of the fixed candidates' lines by the path it ranks first ({@link spanOverlaps}).
 */
import { RANKING_FEATURES, type RankingFeature } from '@sightline/investigator/internal';
import { firstRelevant, type RankingQuery, rankOfRelevant } from './ranking-query.js';
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

/** Per report: fixed candidate path → whether the localizer's lines in it overlap the gold function. */
export type SpanTable = ReadonlyMap<string, ReadonlyMap<string, { overlap: boolean }>>;

/**
 * A ranking's top-5 span overlap per report.
 * @param queries - the reports.
 * @param weightsOf - the weights ranking a report (its fold's model for a held-out ranking);
 *   `undefined` leaves the report out.
 * @param spans - the reports' span tables; a report without one is left out.
 * @returns report id → whether the lines in its first fixed candidate overlap the gold function,
 *   for the reports whose first fixed candidate is in the top 5 (a candidate without lines, such as
 *   an empty file, does not overlap).
 */
export function spanOverlaps(
  queries: readonly RankingQuery[],
  weightsOf: (query: RankingQuery) => readonly number[] | undefined,
  spans: SpanTable,
): Map<string, boolean> {
  const overlaps = new Map<string, boolean>();
  for (const query of queries) {
    const weights = weightsOf(query);
    const table = spans.get(query.id);
    if (!weights || !table) continue;
    const { rank, path } = firstRelevant(query, weights);
    if (rank > 0 && rank <= 5 && path !== undefined)
      overlaps.set(query.id, table.get(path)?.overlap ?? false);
  }
  return overlaps;
}

function share(ranks: readonly number[], k: number): number {
  return ranks.length === 0
    ? 0
    : ranks.filter((rank) => rank > 0 && rank <= k).length / ranks.length;
}

/** Span overlaps for {@link sliceTable}: the reports with span lines, and per ranking its overlaps. */
export interface SliceSpans {
  known: ReadonlySet<string>;
  /** Ranking name → {@link spanOverlaps} of that ranking. */
  overlaps: Readonly<Record<string, ReadonlyMap<string, boolean>>>;
}

/**
 * The top-5 span overlap of some reports: the share of those with an overlap entry (their first
 * fixed file in the top 5, span lines known) whose entry is true.
 * @returns the share, `undefined` when none of them has an entry.
 */
export function spanShare(
  ids: readonly string[],
  overlaps: ReadonlyMap<string, boolean> | undefined,
): number | undefined {
  const values = ids.flatMap((id) => {
    const overlap = overlaps?.get(id);
    return overlap === undefined ? [] : [overlap];
  });
  return values.length === 0 ? undefined : values.filter(Boolean).length / values.length;
}

const figure = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));

/**
 * A Markdown table: one row per slice, the share of its reports with a fixed file among the
 * candidates (read from the first ranking: rank 0 is none), then per ranking Acc@1 / Acc@3 / Acc@5
 * / MRR; with `spans`, also the reports with span lines and per ranking the top-5 span overlap
 * ({@link spanShare}; `–` when no report of the slice has a top-5 hit with span lines).
 * @param ids - the reports measured (those every ranking ranked).
 * @param slicesOf - the slices a report belongs to (`language: java`, `kind: crash`, …).
 * @param rankings - ranking name → report id → rank.
 * @param spans - see {@link SliceSpans}.
 * @returns the table, slices in first-seen order with `all` first.
 */
export function sliceTable(
  ids: readonly string[],
  slicesOf: (id: string) => string[],
  rankings: Readonly<Record<string, ReadonlyMap<string, number>>>,
  spans?: SliceSpans,
): string {
  const members = new Map<string, string[]>([['all', [...ids]]]);
  for (const id of ids)
    for (const slice of slicesOf(id)) members.set(slice, [...(members.get(slice) ?? []), id]);
  const names = Object.keys(rankings);
  const figures = `Acc@1 / @3 / @5 / MRR${spans ? ' / top-5 span overlap' : ''}`;
  const header = `| slice | reports | fix among candidates | ${spans ? 'with span lines | ' : ''}${names.map((name) => `${name}: ${figures}`).join(' | ')} |`;
  const rule = `| --- | --- | --- | ${spans ? '--- | ' : ''}${names.map(() => '---').join(' | ')} |`;
  const rows = [...members].map(([slice, list]) => {
    const cells = names.map((name) => {
      const ranks = list.map((id) => rankings[name]?.get(id) ?? 0);
      return [
        share(ranks, 1),
        share(ranks, 3),
        share(ranks, 5),
        meanReciprocalRank(ranks),
        ...(spans ? [spanShare(list, spans.overlaps[name])] : []),
      ]
        .map(figure)
        .join(' / ');
    });
    const first = list.map((id) => rankings[names[0] ?? '']?.get(id) ?? 0);
    const recall = first.filter((rank) => rank > 0).length / Math.max(1, first.length);
    const known = spans ? `${list.filter((id) => spans.known.has(id)).length} | ` : '';
    return `| ${slice} | ${list.length} | ${figure(recall)} | ${known}${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
