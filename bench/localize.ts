/**
 * `npm run bench:localize` — how well the offline localizer points at the code, with no model.
 *
 * Inputs (see bench/lib/localize-cases.ts): the six shared cases (../shared/data/cases), the
 * development set in bench/localize-cases (real public reports with known fix commits: npm
 * packages that ship source, compiled output or bundles, and applications in Go, Rust, Java,
 * Kotlin, PHP, C#, Python and Ruby), a Python set of SWE-bench Lite sympy instances and the corpus
 * of real fixes (bench/lib/corpus.ts, `--set corpus`; texts filled by `npm run corpus:fill`). npm
 * packages are fetched with `npm pack` (cached, not timed); application revisions come from
 * bench/.cache/repos, filled by `--materialize DIR` from local git directories (`--fetch-list`
 * says which); a case whose revision is absent is skipped with a message.
 *
 * Ranking: cross-validation grouped by repository (bench/lib/localize-cv.ts): each case is ranked
 * by a model trained on the other folds only (the development set one fold, the other repositories
 * in five folds by a hash of their name), from every case whose code is at hand whatever is
 * measured; `--shipped` measures the shipped model instead (trained on every case: not held out).
 * The history features of a git case (bench/lib/localize-history.ts) are read at its fix's parent
 * from the fetched snapshots in `$BENCH_MIRRORS` (or its cache): without them they are 0, as for a
 * tree without history.
 *
 * Figures per set and over all measured cases: file-level Acc@1/3/5 (a hit is any gold file among
 * the top k suspects) and MRR, plain BM25 over whole files in the same run, traced cases whose fix
 * is in an in-app frame's file at rank 1, span overlap of the best suspect in a gold file with the
 * gold function, times (cold index; localize cold, which builds the lexical index; localize warm,
 * median of 3), internal errors and offline diagnoses failing verification; per-language and
 * per-kind tables (crash or plain, corpus tags); a per-case table with each case's fold.
 *
 * Targets (issue #33; on the grouped cross-validation over every case, measured, never tuned per
 * case): Acc@1 ≥ 0.65, Acc@5 ≥ 0.90, top-5 span overlap ≥ 0.70; no offline diagnosis failing
 * verification. A run of a subset, or of the shipped model, prints its figures beside them with
 * what it covers and no verdict (bench/lib/localize-targets.ts). Published anchors, file-level Acc@1/Acc@5 on SWE-bench Lite (LocAgent,
 * Chen et al., ACL 2025): BM25 38.7/61.7, CodeRankEmbed 52.6/84.7, LocAgent 77.7/94.2.
 *
 * History cost (`--history-time`, bench/lib/investigate-history-time.ts): the development set's git
 * cases investigated on real checkouts from `$BENCH_MIRRORS`, history off and on, cold and warm;
 * writes bench/results/localize-history-time.json and the `localize-history-time` table.
 *
 * Usage: `npm run bench:localize [-- --set dev,shared,swe-bench-lite,corpus] [--only TEXT]
 * [--shipped] [--jobs N] [--explain] [--fetch-list] [--materialize DIR]
 * [--corpus-per-repository N|all] [--history-time]`. `--corpus-per-repository` sets how many corpus cases of each
 * repository are trained on, measured and extracted (default 1, crash reports first; `all` is the
 * whole corpus). `--jobs N` measures the
 * cases in N child processes (`--shard k/N`, the fold models handed over in a file). `--explain` prints, per case, the report, the
 * top suspects signal by signal and the gold files' signals (no measurement). Default sets: shared and dev. A run that measures the
 * development set writes bench/results/localize.json and the `localize` table of bench/README.md;
 * a run of other sets alone (`--set swe-bench-lite`, which takes about an hour) writes
 * `localize-<sets>` beside them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readSharedCases } from './lib/cases.js';
import { failUsage, readCommandLine } from './lib/command-line.js';
import { factAsCase, readCorpusFacts } from './lib/corpus.js';
import { historyTimeReport, timeHistory } from './lib/investigate-history-time.js';
import {
  type DevCase,
  fetchList,
  fromSharedCase,
  materialize,
  readDevCases,
} from './lib/localize-cases.js';
import { type CrossValidation, crossValidate } from './lib/localize-cv.js';
import { explainCase } from './lib/localize-explain.js';
import { indexCacheOf } from './lib/localize-features.js';
import { caseHistory } from './lib/localize-history.js';
import {
  caseTable,
  groupFigures,
  kindTable,
  languageTable,
  summaryTable,
  toFigures,
} from './lib/localize-report.js';
import { type CaseResult, LIMIT, runCase, WARM_RUNS } from './lib/localize-run.js';
import {
  type CorpusPerRepository,
  capPerRepository,
  caseCode,
  everyCaseCount,
  parseCorpusPerRepository,
  readAllCases,
} from './lib/localize-sets.js';
import { targetsLine } from './lib/localize-targets.js';
import { msFigure, updateReadmeTable, writeResults } from './lib/results.js';

const SET_NAMES: Record<string, string> = {
  shared: 'shared cases (npm)',
  dev: 'development set',
  'swe-bench-lite': 'Python set (SWE-bench Lite, sympy)',
  corpus: 'corpus of real fixes',
};

const USAGE = `Usage: npm run bench:localize [-- --set dev,shared,swe-bench-lite,corpus] [--only TEXT]
  [--shipped] [--jobs N] [--explain] [--fetch-list] [--materialize DIR] [--corpus-per-repository N|all]
  [--history-time] (with BENCH_MIRRORS set: the cost of reading the history, on git checkouts)`;

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      options: {
        set: { type: 'string', default: 'shared,dev' },
        only: { type: 'string' },
        explain: { type: 'boolean', default: false },
        'fetch-list': { type: 'boolean', default: false },
        materialize: { type: 'string' },
        shipped: { type: 'boolean', default: false },
        jobs: { type: 'string', default: '1' },
        shard: { type: 'string' },
        'shard-validation': { type: 'string' },
        'shard-out': { type: 'string' },
        'corpus-per-repository': { type: 'string' },
        'history-time': { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  let corpusPerRepository: CorpusPerRepository;
  try {
    corpusPerRepository = parseCorpusPerRepository(values['corpus-per-repository']);
  } catch (error) {
    failUsage(`bench:localize: ${(error as Error).message}`, USAGE);
  }
  const known = [...readSharedCases().map(fromSharedCase), ...readDevCases()];
  // Revisions need no report text: the corpus facts a run takes are listed and extracted.
  const revisions = [
    ...known,
    ...capPerRepository(
      readCorpusFacts().map((fact) => factAsCase(fact)),
      corpusPerRepository,
    ),
  ];
  if (values['history-time']) {
    await measureHistoryTime(known, values.only);
    return;
  }
  if (values['fetch-list']) {
    console.log(fetchList(revisions).join('\n'));
    return;
  }
  if (values.materialize) {
    const { extracted, missing } = await materialize(revisions, values.materialize);
    console.log(
      `extracted ${extracted.length} revisions; repositories not found for: ${missing.join(', ') || 'none'}`,
    );
    return;
  }
  const sets = (values.set ?? '')
    .split(',')
    .map((name) => (name === 'python' ? 'swe-bench-lite' : name));
  // Every set's cases, the corpus capped per repository (`capPerRepository`).
  const { cases: all, unfilled } = readAllCases({ corpusPerRepository });
  const everyCase = everyCaseCount();
  if (sets.includes('corpus') && unfilled.length > 0)
    console.error(
      `corpus: ${unfilled.length} report texts missing or stale in bench/.cache/corpus (run npm run corpus:fill); measuring the others`,
    );
  const cases = all.filter(
    (entry) =>
      sets.includes(entry.set ?? 'dev') && (!values.only || entry.id.includes(values.only)),
  );
  const shard = values.shard ? parseShard(values.shard) : undefined;
  // Each case is ranked by the model of its fold, trained on the other folds (every set's cases
  // whose code is at hand, measured or not); `--shipped` measures the shipped model instead.
  const validation =
    values.shipped || values.explain
      ? undefined
      : shard && values['shard-validation']
        ? readValidation(values['shard-validation'])
        : await crossValidate(all);
  if (!shard && Number(values.jobs) > 1 && !values.explain) {
    const { results, skipped } = await runShards(Number(values.jobs), validation, all);
    await report({ values, sets, cases, validation, results, skipped, everyCase });
    return;
  }
  const results: CaseResult[] = [];
  const skipped: string[] = [];
  for (const [position, entry] of cases.entries()) {
    if (shard && position % shard.of !== shard.index) continue;
    const dir = await caseCode(entry);
    if (!dir) {
      skipped.push(entry.id);
      console.error(
        `${entry.id}: skipped, ${entry.repo}@${entry.parent?.slice(0, 12)} is not in bench/.cache/repos (run with --fetch-list, then --materialize DIR)`,
      );
      continue;
    }
    if (values.explain) {
      await explainCase(entry, dir);
      continue;
    }
    const fold = validation?.folds.get(entry.id);
    const model = fold ? validation?.models.get(fold)?.model : undefined;
    // The large sets reuse the index the training rows were read from (their cold indexing takes
    // minutes a case on this machine); the shared cases and the development set index cold.
    const indexCache = ['shared', 'dev'].includes(entry.set ?? 'dev')
      ? undefined
      : indexCacheOf(dir);
    const history = await caseHistory(entry, process.env.BENCH_MIRRORS);
    const result = await runCase(entry, dir, {
      ...(model && fold ? { model, fold } : {}),
      ...(indexCache ? { indexCache } : {}),
      ...(history ? { history } : {}),
    });
    results.push(result);
    console.error(
      `${entry.id}: rank ${result.rank} (BM25 ${result.baselineRank})${result.internalError ? ` INTERNAL ERROR ${result.internalError}` : ''}`,
    );
  }
  if (shard && values['shard-out']) {
    await writeFile(values['shard-out'], JSON.stringify({ results, skipped }));
    return;
  }
  await report({ values, sets, cases, validation, results, skipped, everyCase });
}

/** What the report of a run needs. */
interface RunOutcome {
  values: { only?: string; explain?: boolean };
  sets: string[];
  cases: DevCase[];
  validation: CrossValidation | undefined;
  results: CaseResult[];
  skipped: string[];
  /** The cases of every set, the whole corpus (what the targets are judged on). */
  everyCase: number;
}

/** Prints the tables and, for a full run, writes the results file and the README table. */
async function report({
  values,
  sets,
  cases,
  validation,
  results,
  skipped,
  everyCase,
}: RunOutcome) {
  const groups = sets
    .map(
      (set) =>
        [
          SET_NAMES[set] ?? set,
          groupFigures(results.filter((result) => result.set === set)),
        ] as const,
    )
    .filter(([, group]) => group.cases > 0);
  const overall = groupFigures(results);
  if (groups.length > 1) groups.push(['all measured', overall]);
  const mode = validation
    ? `Ranking: cross-validation grouped by repository — each case is ranked by a model trained on the other folds only (${[...validation.models.entries()].map(([fold, { trainingCases, l2 }]) => `${fold}: ${validation.folds.size - trainingCases} held out, trained on ${trainingCases}, λ ${l2}`).join('; ')}); the development set is one fold.`
    : 'Ranking: the shipped model (trained on every case: these figures are not held out).';
  const targets = targetsLine({
    acc1: overall.acc1,
    acc5: overall.acc5,
    spanOverlap: overall.spanOverlapOfHits,
    failedVerification: overall.failedVerification,
    measured: results.length,
    all: everyCase,
    sets,
    heldOut: validation !== undefined,
  });
  const note = `${results.length} cases measured${skipped.length ? `, ${skipped.length} skipped (revision not extracted: ${skipped.join(', ')})` : ''}. Traced cases "fix in a frame" are those whose gold file is among the files the report's in-app frames resolve to. Span overlap: the best-ranked suspect in a gold file overlaps the gold function (the smallest function enclosing the fix's changed lines), over cases with a gold file in the top 5. Times are single cold runs and medians of ${WARM_RUNS} warm runs on a shared 2-core machine: noisy; "cached": the SWE-bench Lite and corpus cases are indexed from the cache training filled (their cold indexing is not timed), localize cold still builds the lexical index.`;
  const markdown = `${mode}\n\n${summaryTable(groups)}\n\n${targets}\n\nPer language (all measured cases):\n\n${languageTable(results)}\n\nPer kind (crash: a crash or stack trace in the report; corpus tags below):\n\n${kindTable(results)}\n\n${caseTable(results)}\n\n${note}`;
  console.log(markdown);
  if (values.only || values.explain) return;
  // A run of other sets alone (the slow Python set) keeps the development set's results file.
  const name = sets.includes('dev') ? 'localize' : `localize-${sets.join('-')}`;
  await writeResults(name, {
    inputs: {
      sets,
      cases: cases.map((entry) =>
        entry.kind === 'npm'
          ? `${entry.id} (${entry.package}@${entry.version})`
          : `${entry.id} (${entry.repo}@${entry.parent})`,
      ),
      skipped,
      limit: LIMIT,
      ranking: validation
        ? {
            method: 'cross-validation grouped by repository (development set one fold)',
            folds: Object.fromEntries(
              [...validation.models.entries()].map(([fold, { l2, trainingCases, model }]) => [
                fold,
                { l2, trainingCases, weights: model.weights },
              ]),
            ),
          }
        : 'shipped model',
      foldOfCase: Object.fromEntries(results.map((result) => [result.id, result.fold])),
    },
    figures: {
      ...Object.fromEntries(groups.map(([name, group]) => [name, toFigures(group)])),
      perCase: Object.fromEntries(
        results.map((result) => [
          result.id,
          {
            rank: { value: result.rank, unit: 'rank', note: '0 = no gold file in the top 10' },
            baselineRank: { value: result.baselineRank, unit: 'rank' },
            iou: { value: Math.round(result.iou * 1000) / 1000, unit: 'fraction' },
            internalError: { value: result.internalError ? 1 : 0, unit: 'boolean' },
          },
        ]),
      ),
    },
  });
  await updateReadmeTable(name, markdown);
}

/** `--history-time`: what reading the history costs investigations of the development set's git cases. */
async function measureHistoryTime(known: readonly DevCase[], only: string | undefined) {
  const mirrors = process.env.BENCH_MIRRORS;
  if (!mirrors)
    failUsage(
      'bench:localize --history-time: set BENCH_MIRRORS to the folder of fetched snapshots',
      USAGE,
    );
  const cases = known.filter(
    (entry) =>
      (entry.set ?? 'dev') === 'dev' && entry.kind === 'git' && (!only || entry.id.includes(only)),
  );
  const measured = await timeHistory(cases, mirrors);
  const { figures, markdown } = historyTimeReport(measured);
  console.log(markdown);
  if (only) return;
  await writeResults('localize-history-time', {
    inputs: {
      cases: measured.timings.map((timing) => timing.id),
      skipped: measured.skipped,
      load1Minute: { before: measured.load[0], after: measured.load[1] },
    },
    figures: {
      ...figures,
      perCase: Object.fromEntries(
        measured.timings.map(({ id, repo, ...times }) => [
          id,
          Object.fromEntries(Object.entries(times).map(([key, ms]) => [key, msFigure(ms)])),
        ]),
      ),
    },
  });
  await updateReadmeTable('localize-history-time', markdown);
}

/** `k/n` → the k-th (0-based) of n shards. */
function parseShard(text: string): { index: number; of: number } {
  const [index = 0, of = 1] = text.split('/').map(Number);
  return { index, of };
}

/** The folds and models as a shard reads them (Maps as entry lists). */
function readValidation(file: string): CrossValidation {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as {
    folds: [string, string][];
    models: [string, CrossValidation['models'] extends Map<string, infer V> ? V : never][];
  };
  return { folds: new Map(stored.folds), models: new Map(stored.models), queries: [] };
}

/**
 * Runs the cases in `jobs` child processes of this script (`--shard k/jobs`), each measuring every
 * jobs-th case with the same fold models, and gathers their results in the order of `cases`. Each child
 * times its own cases; on a shared machine the children compete with each other as with any load.
 */
async function runShards(
  jobs: number,
  validation: CrossValidation | undefined,
  cases: readonly DevCase[],
): Promise<{ results: CaseResult[]; skipped: string[] }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-localize-shards-'));
  try {
    const validationFile = path.join(folder, 'validation.json');
    if (validation)
      await writeFile(
        validationFile,
        JSON.stringify({ folds: [...validation.folds], models: [...validation.models] }),
      );
    const outputs = Array.from({ length: jobs }, (_, index) => path.join(folder, `${index}.json`));
    const args = process.argv
      .slice(2)
      .filter((arg, at, all) => !arg.startsWith('--jobs') && !(all[at - 1] === '--jobs' && at > 0));
    await Promise.all(
      outputs.map(
        (output, index) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [
                ...process.execArgv,
                process.argv[1] ?? '',
                ...args,
                `--shard=${index}/${jobs}`,
                `--shard-out=${output}`,
                ...(validation ? [`--shard-validation=${validationFile}`] : ['--shipped']),
              ],
              { stdio: ['ignore', 'inherit', 'inherit'] },
            );
            child.on('error', reject);
            child.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`shard ${index} exited with ${code}`)),
            );
          }),
      ),
    );
    const parts = outputs.map(
      (output) =>
        JSON.parse(readFileSync(output, 'utf8')) as { results: CaseResult[]; skipped: string[] },
    );
    const byId = new Map(
      parts.flatMap((part) => part.results).map((result) => [result.id, result]),
    );
    return {
      results: cases.flatMap((entry) => byId.get(entry.id) ?? []),
      skipped: parts.flatMap((part) => part.skipped),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
