/**
 * Writes the held-out figures of `npm run train:localize -- --results`: bench/results/localize-cv.json
 * (per slice and ranking: Acc@1/@3/@5, MRR, the share of reports with a fixed file among the
 * candidates and the top-5 span overlap) and the `localize-cv` table of bench/README.md (the slice table train:localize
 * prints, with the folds and their penalties).
 */
import { accuracy } from '../../../bench/lib/localize-metrics.js';
import {
  type Figures,
  fraction,
  updateReadmeTable,
  writeResults,
} from '../../../bench/lib/results.js';
import { type SliceSpans, spanShare } from './held-out-slices.js';
import { meanReciprocalRank } from './select-ranker.js';

/** What {@link writeCrossValidationResults} writes. */
export interface CrossValidationResults {
  /** The reports measured. */
  ids: readonly string[];
  /** A report's slices (`set: corpus`, `language: java`, `kind: crash`, …). */
  slicesOf: (id: string) => string[];
  /** Ranking name → report id → 1-based rank (0: no fixed file among the candidates). */
  rankings: Readonly<Record<string, ReadonlyMap<string, number>>>;
  /** The reports with span lines and each ranking's top-5 span overlaps (held-out-slices.ts). */
  spans: SliceSpans;
  /** The Markdown slice table (held-out-slices.ts). */
  table: string;
  /** The cases of every set, the whole corpus (`everyCaseCount`): the measured ones' whole. */
  everyCase: number;
  /** Per fold: reports held out, reports trained on, penalty chosen. */
  folds: readonly { fold: string; heldOut: number; trainedOn: number; l2: number }[];
}

const mrrFigure = (ranks: readonly number[]) => ({
  value: Math.round(meanReciprocalRank(ranks) * 1000) / 1000,
  unit: 'mean reciprocal rank',
});

/**
 * Writes the results file and the README table.
 * @param results - see {@link CrossValidationResults}.
 */
export async function writeCrossValidationResults({
  ids,
  slicesOf,
  rankings,
  spans,
  table,
  everyCase,
  folds,
}: CrossValidationResults): Promise<void> {
  const members = new Map<string, string[]>([['all', [...ids]]]);
  for (const id of ids)
    for (const slice of slicesOf(id)) members.set(slice, [...(members.get(slice) ?? []), id]);
  const figures: Figures = {};
  for (const [slice, list] of members) {
    const perRanking: Figures = {
      cases: { value: list.length, unit: 'cases' },
      casesWithSpanLines: {
        value: list.filter((id) => spans.known.has(id)).length,
        unit: 'cases',
      },
    };
    for (const [name, ranks] of Object.entries(rankings)) {
      const values = list.map((id) => ranks.get(id) ?? 0);
      const overlap = spanShare(list, spans.overlaps[name]);
      perRanking[name] = {
        acc1: fraction(accuracy(values, 1)),
        acc3: fraction(accuracy(values, 3)),
        acc5: fraction(accuracy(values, 5)),
        mrr: mrrFigure(values),
        fixAmongCandidates: fraction(values.filter((rank) => rank > 0).length / values.length),
        ...(overlap === undefined ? {} : { top5SpanOverlap: fraction(overlap) }),
      };
    }
    figures[slice] = perRanking;
  }
  await writeResults('localize-cv', {
    inputs: {
      method:
        'candidate rankings of the training rows (bench/lib/localize-features.ts); learned: nested cross-validation grouped by repository (packages/investigator/training/select-ranker.ts foldModels)',
      cases: ids.length,
      everyCase,
      folds,
    },
    figures,
  });
  const foldText = folds
    .map(
      ({ fold, heldOut, trainedOn, l2 }) =>
        `${fold}: ${heldOut} held out, trained on ${trainedOn}, λ ${l2}`,
    )
    .join('; ');
  await updateReadmeTable(
    'localize-cv',
    `${ids.length < everyCase ? `**A subset: ${ids.length} of ${everyCase} cases** (the others have no training rows yet). ` : ''}Nested grouped cross-validation (${foldText}). Rank of the first fixed file among the candidate files' rankings (no twins grouping, no limit); "fix among candidates" bounds Acc@k. Top-5 span overlap (${spans.known.size} of the ${ids.length} reports have span lines, bench/lib/localize-spans.ts): of those whose first fixed file is in the ranking's top 5, the share whose localizer lines in that file overlap the gold function, as bench:localize scores its suspects.\n\n${table}`,
  );
}
