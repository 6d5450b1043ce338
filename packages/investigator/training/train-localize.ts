/**
 * `npm run train:localize` — retrains the offline localizer's ranking model,
 * packages/investigator/src/localize/model/ranking-model.json.
 *
 * Data: every localization case of bench:localize whose code is at hand (the shared npm cases, the
 * development set, the SWE-bench Lite Python set and the corpus of real fixes, see
 * bench/lib/localize-sets.ts; git revisions extracted by `npm run bench:localize -- --materialize`).
 * Per case, the candidate files' feature vectors and whether the fix changed them
 * (bench/lib/localize-features.ts; cached per case, resumable), joined by path with the files'
 * history features at the fix's parent, read from the fetched snapshots in `--mirrors DIR`
 * (default `$BENCH_MIRRORS`; bench/lib/localize-history.ts, cached per case under its own code
 * hash, about a second per case; without snapshots, cached ones only and 0 for the rest). Method: a linear ranker
 * fitted with the pairwise logistic loss (pairwise-ranker.ts) or the listwise softmax loss
 * (listwise-ranker.ts), whichever has the higher nested grouped cross-validated MRR (the history
 * features are kept or left out first, with the pairwise loss), pulled towards the hand-set
 * prior's direction (its scale fitted), the L2 penalty chosen by the one-standard-error rule on
 * cross-validation grouped by repository (select-ranker.ts, grouped-folds.ts), then fitted on
 * every case.
 *
 * Evidence: nested grouped cross-validation — per fold a model trained on the other folds, its
 * penalty chosen by a grouped cross-validation inside them — printed per set, language and report
 * kind beside the hand-set prior and BM25 alone on the same candidates, each with its top-5 span
 * overlap over the cases with span lines (held-out-slices.ts). The
 * retrained model is written only when its held-out MRR beats the prior's on the same cases
 * (otherwise the file is left as it is and the run says so). `--results` also writes
 * bench/results/localize-cv.json and the `localize-cv` table of bench/README.md. Deterministic:
 * the same cases and code give the same bytes.
 *
 * Run: `npm run train:localize [-- --dry-run] [--corpus-per-repository N|all] [--cached-only]
 * [--results] [--rows-only] [--spans] [--shard k/n] [--cases FILE] [--ablate] [--mirrors DIR]` (`--dry-run`
 * writes no model; `--rows-only` computes the rows (with `--spans` the span lines too) and stops;
 * `--spans` computes the span lines of the cases with rows that have none (bench/lib/localize-spans.ts,
 * about a row's cost each), read by every ranking's top-5 span overlap, otherwise only cached ones
 * are read; `--shard k/n` computes only every n-th case's rows (and span lines) from the k-th, for several
 * processes sharing the work; `--cases FILE` takes only the cases the file lists, one id per line
 * (bench/lib/case-list.ts: to compute the rows of the cases a change touched); `--ablate` prints the interactions', the title features' and the history features'
 * ablations, ablation.ts; `--corpus-per-repository` as bench:localize's, default 1;
 * `--cached-only` trains on the rows already computed for this code, computing none).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HISTORY_FEATURES } from '@sightline/investigator/internal';
import { listedCases, readCaseList } from '../../../bench/lib/case-list.js';
import { failUsage, readCommandLine } from '../../../bench/lib/command-line.js';
import { readCaseQueries } from '../../../bench/lib/localize-features.js';
import { withHistory } from '../../../bench/lib/localize-history.js';
import { accuracy } from '../../../bench/lib/localize-metrics.js';
import { caseKinds } from '../../../bench/lib/localize-run.js';
import {
  type CorpusPerRepository,
  everyCaseCount,
  parseCorpusPerRepository,
  readAllCases,
} from '../../../bench/lib/localize-sets.js';
import { readCaseSpans } from '../../../bench/lib/localize-spans.js';
import {
  ablationTable,
  historyAblationTable,
  titleAblationTable,
  withoutFeatures,
} from './ablation.js';
import { writeCrossValidationResults } from './cv-results.js';
import { groupedFolds } from './grouped-folds.js';
import { FIXED_RANKINGS, fixedRanks, sliceTable, spanOverlaps } from './held-out-slices.js';
import {
  BASE_LOSS,
  foldModels,
  meanReciprocalRank,
  nestedRanks,
  OTHER_LOSS,
  type RankingLoss,
  rankingModelOf,
  trainRanker,
} from './select-ranker.js';

const MODEL_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/localize/model/ranking-model.json',
);

const WITH_HISTORY = `learned with history features, ${BASE_LOSS} loss (nested grouped CV)`;
const WITHOUT_HISTORY = `learned without history features, ${BASE_LOSS} loss (nested grouped CV)`;
const OTHER = `learned with the ${OTHER_LOSS} loss, history features as chosen (nested grouped CV)`;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

const LOSS_METHOD: Record<RankingLoss, string> = {
  pairwise: 'pairwise logistic loss (RankNet)',
  listwise: 'listwise softmax cross-entropy loss (ListNet top-one)',
};

const USAGE = `Usage: npm run train:localize [-- --dry-run] [--cached-only] [--results] [--rows-only]
  [--spans] [--ablate] [--shard k/N] [--cases FILE] [--corpus-per-repository N|all] [--mirrors DIR]`;

/** The cases `--cases FILE` lists; a list that cannot be read or names unknown ids is a usage error. */
function onlyListed<T extends { id: string }>(cases: readonly T[], file: string): T[] {
  try {
    const { listed, unknown } = listedCases(cases, readCaseList(file));
    if (unknown.length > 0)
      throw new Error(
        `${unknown.length} id(s) of ${file} name no case of this corpus setting: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''} (--corpus-per-repository all takes every corpus case)`,
      );
    return listed;
  } catch (error) {
    return failUsage(`train:localize: ${(error as Error).message}`, USAGE);
  }
}

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      options: {
        'dry-run': { type: 'boolean', default: false },
        'cached-only': { type: 'boolean', default: false },
        results: { type: 'boolean', default: false },
        'rows-only': { type: 'boolean', default: false },
        spans: { type: 'boolean', default: false },
        ablate: { type: 'boolean', default: false },
        shard: { type: 'string' },
        cases: { type: 'string' },
        'corpus-per-repository': { type: 'string' },
        mirrors: { type: 'string', default: process.env.BENCH_MIRRORS },
      },
    },
    USAGE,
  );
  let corpusPerRepository: CorpusPerRepository;
  try {
    corpusPerRepository = parseCorpusPerRepository(values['corpus-per-repository']);
  } catch (error) {
    failUsage(`train:localize: ${(error as Error).message}`, USAGE);
  }
  const shardMatch = values.shard?.match(/^(\d+)\/(\d+)$/);
  if (values.shard && (!shardMatch || Number(shardMatch[1]) >= Number(shardMatch[2]))) {
    console.error(`train:localize: --shard takes k/n with 0 ≤ k < n, not "${values.shard}"`);
    process.exit(2);
  }
  const shard = shardMatch
    ? { index: Number(shardMatch[1]), count: Number(shardMatch[2]) }
    : undefined;
  const { cases: all, unfilled } = readAllCases({ corpusPerRepository });
  const cases = values.cases ? onlyListed(all, values.cases) : all;
  const {
    queries: rows,
    skipped: absent,
    failed,
  } = await readCaseQueries(cases, {
    cachedOnly: values['cached-only'],
    ...(shard ? { shard } : {}),
  });
  const skipped = [...unfilled, ...absent];
  console.error(
    `${rows.length} cases with rows (${new Set(rows.map((query) => query.group)).size} repositories); ${skipped.length} skipped (no text, no code${values['cached-only'] ? ' or no rows yet' : ''}); ${failed.length} failed`,
  );
  const casesById = new Map(cases.map((entry) => [entry.id, entry]));
  const spans = await readCaseSpans(
    rows.flatMap((query) => casesById.get(query.id) ?? []),
    { compute: values.spans, ...(shard ? { shard } : {}) },
  );
  console.error(
    `${spans.size} of them with span lines${values.spans ? '' : ' (cached; --spans computes the others)'}`,
  );
  if (values['rows-only']) return;
  const { queries, withHistory: historyCount } = await withHistory(rows, casesById, values.mirrors);
  console.error(
    `${historyCount} of them with a git history (history features; the others' are 0)${values.mirrors ? '' : ': no --mirrors, cached history only'}`,
  );
  const folds = groupedFolds(queries);
  // The history features are kept only when they improve the held-out MRR: the same nested
  // cross-validation without them (their values 0, so their weights stay at the prior's 0).
  const withoutHistory = withoutFeatures(queries, HISTORY_FEATURES);
  const variants = [queries, withoutHistory].map((variant) => {
    const models = foldModels(variant, folds);
    return { queries: variant, models, ranks: nestedRanks(variant, folds, models) };
  });
  const [full, reduced] = variants as [(typeof variants)[0], (typeof variants)[0]];
  const historyKept =
    meanReciprocalRank(full.ranks.values()) > meanReciprocalRank(reduced.ranks.values());
  const chosen = historyKept ? full : reduced;
  const otherModels = foldModels(chosen.queries, folds, OTHER_LOSS);
  const other = {
    queries: chosen.queries,
    models: otherModels,
    ranks: nestedRanks(chosen.queries, folds, otherModels),
  };
  // The shipped loss, chosen as the history features are: by held-out MRR.
  const lossMrr = {
    [BASE_LOSS]: meanReciprocalRank(chosen.ranks.values()),
    [OTHER_LOSS]: meanReciprocalRank(other.ranks.values()),
  };
  const loss = (lossMrr[OTHER_LOSS] ?? 0) > (lossMrr[BASE_LOSS] ?? 0) ? OTHER_LOSS : BASE_LOSS;
  const shipped = loss === BASE_LOSS ? chosen : other;
  const { models, ranks: learned } = shipped;
  console.error(
    `Held-out MRR with the ${BASE_LOSS} loss ${lossMrr[BASE_LOSS]?.toFixed(4)}, with the ${OTHER_LOSS} loss ${lossMrr[OTHER_LOSS]?.toFixed(4)}: the ${loss} loss is shipped`,
  );
  console.error(
    `History features ${historyKept ? 'kept' : 'not kept'}: held-out MRR ${meanReciprocalRank(full.ranks.values()).toFixed(4)} with them, ${meanReciprocalRank(reduced.ranks.values()).toFixed(4)} without`,
  );
  const kindsOf = new Map(cases.map((entry) => [entry.id, caseKinds(entry)] as const));
  const byId = new Map(queries.map((query) => [query.id, query]));
  const heldOutWeights =
    (variant: (typeof variants)[0]) =>
    (query: { id: string }): readonly number[] | undefined =>
      variant.models.get(folds.get(query.id) ?? '')?.weights;
  const rankings: Record<string, ReadonlyMap<string, number>> = {
    [WITH_HISTORY]: full.ranks,
    [WITHOUT_HISTORY]: reduced.ranks,
    [OTHER]: other.ranks,
    ...Object.fromEntries(
      Object.entries(FIXED_RANKINGS).map(([name, weights]) => [name, fixedRanks(queries, weights)]),
    ),
  };
  const sliceSpans = {
    known: new Set(spans.keys()),
    overlaps: {
      [WITH_HISTORY]: spanOverlaps(full.queries, heldOutWeights(full), spans),
      [WITHOUT_HISTORY]: spanOverlaps(reduced.queries, heldOutWeights(reduced), spans),
      [OTHER]: spanOverlaps(other.queries, heldOutWeights(other), spans),
      ...Object.fromEntries(
        Object.entries(FIXED_RANKINGS).map(([name, weights]) => [
          name,
          spanOverlaps(queries, () => weights, spans),
        ]),
      ),
    },
  };
  const ids = [...learned.keys()];
  const slicesOf = (id: string) => [
    `set: ${byId.get(id)?.set}`,
    `language: ${byId.get(id)?.language}`,
    ...(kindsOf.get(id) ?? []).map((kind) => `kind: ${kind}`),
  ];
  const table = sliceTable(ids, slicesOf, rankings, sliceSpans);
  console.error(`Held-out candidate rankings:\n${table}`);
  const ranks = [...learned.values()];
  const priorRanks = ids.map((id) => rankings['hand-set prior']?.get(id) ?? 0);
  const beatsPrior = meanReciprocalRank(ranks) > meanReciprocalRank(priorRanks);
  const trained = trainRanker(chosen.queries, folds, loss);
  if (values.ablate) {
    console.error(`Interactions, ablated:\n${ablationTable(queries, folds, trained.l2)}`);
    console.error(`Title features, ablated:\n${titleAblationTable(queries, folds)}`);
    console.error(`History features, ablated:\n${historyAblationTable(queries, folds)}`);
  }
  const foldSummary = [...models].map(([fold, model]) => ({
    fold,
    heldOut: queries.filter((query) => folds.get(query.id) === fold).length,
    trainedOn: model.trainingCases,
    l2: model.l2,
  }));
  if (values.results)
    await writeCrossValidationResults({
      ids,
      slicesOf,
      rankings,
      spans: sliceSpans,
      table,
      everyCase: everyCaseCount(),
      folds: foldSummary,
    });
  const model = rankingModelOf(trained.weights, {
    method: `linear ranker, ${LOSS_METHOD[loss]}, each report weighing the same; L2 penalty towards the hand-set prior (its scale fitted), the penalty chosen by the one-standard-error rule on cross-validation grouped by repository; packages/investigator/training`,
    loss: {
      note: 'the loss with the higher nested grouped cross-validated MRR is shipped',
      chosen: loss,
      mrr: Object.fromEntries(Object.entries(lossMrr).map(([name, mrr]) => [name, round(mrr)])),
    },
    cases: queries.length,
    repositories: new Set(queries.map((query) => query.group)).size,
    sets: Object.fromEntries(
      [...new Set(queries.map((query) => query.set))].map((set) => [
        set,
        queries.filter((query) => query.set === set).length,
      ]),
    ),
    skipped: skipped.length + failed.length,
    l2: trained.l2,
    selection: trained.selection.map(({ l2, mrr, standardError }) => ({
      l2,
      mrr: round(mrr),
      standardError: round(standardError),
    })),
    historyFeatures: {
      note: 'kept only when the nested grouped cross-validated MRR is higher with them than without (their weights 0 when not kept)',
      casesWithHistory: historyCount,
      kept: historyKept,
      mrrWith: round(meanReciprocalRank(full.ranks.values())),
      mrrWithout: round(meanReciprocalRank(reduced.ranks.values())),
    },
    nestedGroupedCrossValidation: {
      note: 'candidate rankings of held-out folds, each fold ranked by a model (and penalty) chosen without it; bench:localize measures the full localizer',
      folds: foldSummary,
      mrr: round(meanReciprocalRank(ranks)),
      acc1: round(accuracy(ranks, 1)),
      acc5: round(accuracy(ranks, 5)),
      handSetPrior: {
        mrr: round(meanReciprocalRank(priorRanks)),
        acc1: round(accuracy(priorRanks, 1)),
        acc5: round(accuracy(priorRanks, 5)),
      },
    },
  });
  const text = `${JSON.stringify(model, null, 2)}\n`;
  console.log(text);
  if (!beatsPrior)
    console.error(
      'Not written: the learned model does not beat the hand-set prior on held-out repositories (MRR above).',
    );
  else if (!values['dry-run']) await writeFile(MODEL_FILE, text);
}

await main();
