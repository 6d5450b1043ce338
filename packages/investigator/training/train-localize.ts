/**
 * `npm run train:localize` — retrains the offline localizer's ranking model,
 * packages/investigator/src/localize/model/ranking-model.json.
 *
 * Data: every localization case of bench:localize whose code is at hand (the shared npm cases, the
 * development set, the SWE-bench Lite Python set and the corpus of real fixes, see
 * bench/lib/localize-sets.ts; git revisions extracted by `npm run bench:localize -- --materialize`).
 * Per case, the candidate files' feature vectors and whether the fix changed them
 * (bench/lib/localize-features.ts). Method: a pairwise logistic ranker (pairwise-ranker.ts), its L2
 * penalty chosen by cross-validation grouped by repository (select-ranker.ts, grouped-folds.ts),
 * then fitted on every case. The file records the data, the penalty and the grouped
 * cross-validated MRR and Acc@1/@5 of the candidate rankings (bench:localize measures the whole
 * localizer the same way). It prints to stderr the held-out figures per set, language and report
 * kind beside the hand-set prior and BM25 alone on the same candidates (held-out-slices.ts), the
 * evidence for shipping a retrained model. Deterministic: the same cases and code give the same
 * bytes.
 *
 * Run: `npm run train:localize [-- --dry-run] [--corpus-per-repository N|all]` (`--dry-run`
 * prints without writing; `--corpus-per-repository` as bench:localize's, default 1).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCaseQueries } from '../../../bench/lib/localize-features.js';
import { accuracy } from '../../../bench/lib/localize-metrics.js';
import {
  type CorpusPerRepository,
  parseCorpusPerRepository,
  readAllCases,
} from '../../../bench/lib/localize-sets.js';
import { groupedFolds } from './grouped-folds.js';
import { FIXED_RANKINGS, fixedRanks, sliceTable } from './held-out-slices.js';
import {
  crossValidatedRanks,
  meanReciprocalRank,
  rankingModelOf,
  trainRanker,
} from './select-ranker.js';

const MODEL_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/localize/model/ranking-model.json',
);

const round = (value: number) => Math.round(value * 10_000) / 10_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      'corpus-per-repository': { type: 'string' },
    },
  });
  let corpusPerRepository: CorpusPerRepository;
  try {
    corpusPerRepository = parseCorpusPerRepository(values['corpus-per-repository']);
  } catch (error) {
    console.error(`train:localize: ${(error as Error).message}`);
    process.exit(2);
  }
  const { cases, unfilled } = readAllCases({ corpusPerRepository });
  const { queries, skipped: absent } = await readCaseQueries(cases);
  const skipped = [...unfilled, ...absent];
  const folds = groupedFolds(queries);
  const trained = trainRanker(queries, folds);
  const learned = crossValidatedRanks(queries, folds, trained.l2);
  const ranks = [...learned.values()];
  const kindOf = new Map(
    cases.map((entry) => [entry.id, entry.has_stack_trace ? 'crash' : 'plain'] as const),
  );
  const byId = new Map(queries.map((query) => [query.id, query]));
  console.error(
    `Held-out candidate rankings (grouped cross-validation for the learned model):\n${sliceTable(
      [...learned.keys()],
      (id) => [
        `set: ${byId.get(id)?.set}`,
        `language: ${byId.get(id)?.language}`,
        `kind: ${kindOf.get(id)}`,
      ],
      {
        learned: learned,
        ...Object.fromEntries(
          Object.entries(FIXED_RANKINGS).map(([name, weights]) => [
            name,
            fixedRanks(queries, weights),
          ]),
        ),
      },
    )}`,
  );
  const model = rankingModelOf(trained.weights, {
    method:
      'pairwise logistic ranker (RankNet loss, each report weighing the same), L2 penalty towards the hand-set prior chosen by cross-validation grouped by repository; packages/investigator/training',
    cases: queries.length,
    repositories: new Set(queries.map((query) => query.group)).size,
    sets: Object.fromEntries(
      [...new Set(queries.map((query) => query.set))].map((set) => [
        set,
        queries.filter((query) => query.set === set).length,
      ]),
    ),
    skipped: skipped.length,
    l2: trained.l2,
    selection: trained.selection.map(({ l2, mrr }) => ({ l2, mrr: round(mrr) })),
    groupedCrossValidation: {
      note: 'candidate rankings of held-out folds (no twins grouping, no limit); bench:localize measures the full localizer',
      folds: [...new Set(folds.values())].sort(),
      mrr: round(meanReciprocalRank(ranks)),
      acc1: round(accuracy(ranks, 1)),
      acc5: round(accuracy(ranks, 5)),
    },
  });
  const text = `${JSON.stringify(model, null, 2)}\n`;
  console.log(text);
  if (!values['dry-run']) await writeFile(MODEL_FILE, text);
}

await main();
