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
 * Figures per set: file-level Acc@1/3/5 (a hit is any gold file among the top k suspects), plain
 * BM25 over whole files in the same run, traced cases whose fix is in an in-app frame's file at
 * rank 1, span overlap of the best suspect in a gold file with the gold function, times (cold
 * index; localize cold, which builds the lexical index; localize warm, median of 3), internal
 * errors and offline diagnoses failing verification; a per-language table; a per-case table.
 *
 * Targets (issue #13; measured, never tuned per case): development set Acc@1 ≥ 0.75, Acc@5 ≥ 0.93,
 * every traced case whose fix is in a frame's file at rank 1, span overlap ≥ 80 % of hits; Python
 * set Acc@1 ≥ 0.55, Acc@5 ≥ 0.85. Published anchors, file-level Acc@1/Acc@5 on SWE-bench Lite
 * (LocAgent, Chen et al., ACL 2025): BM25 38.7/61.7, CodeRankEmbed 52.6/84.7, LocAgent 77.7/94.2.
 *
 * Usage: `npm run bench:localize [-- --set dev,shared,swe-bench-lite,corpus] [--only TEXT]
 * [--explain] [--fetch-list] [--materialize DIR]`. `--explain` prints, per case, the report, the
 * top suspects signal by signal and the gold files' signals (no measurement). Default sets: shared and dev. A run that measures the
 * development set writes bench/results/localize.json and the `localize` table of bench/README.md;
 * a run of other sets alone (`--set swe-bench-lite`, which takes about an hour) writes
 * `localize-<sets>` beside them.
 */
import { parseArgs } from 'node:util';
import { readSharedCases } from './lib/cases.js';
import { factAsCase, readCorpusCases, readCorpusFacts } from './lib/corpus.js';
import {
  cachedRepoTree,
  type DevCase,
  fetchList,
  fromSharedCase,
  materialize,
  readDevCases,
} from './lib/localize-cases.js';
import { explainCase } from './lib/localize-explain.js';
import {
  caseTable,
  groupFigures,
  languageTable,
  summaryTable,
  toFigures,
} from './lib/localize-report.js';
import { type CaseResult, LIMIT, runCase, WARM_RUNS } from './lib/localize-run.js';
import { npmPack } from './lib/npm-pack.js';
import { updateReadmeTable, writeResults } from './lib/results.js';

const SET_NAMES: Record<string, string> = {
  shared: 'shared cases (npm)',
  dev: 'development set',
  'swe-bench-lite': 'Python set (SWE-bench Lite, sympy)',
  corpus: 'corpus of real fixes',
};

async function codeOf(entry: DevCase): Promise<string | undefined> {
  if (entry.kind === 'npm') return (await npmPack(`${entry.package}@${entry.version}`)).dir;
  return cachedRepoTree(entry);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: 'shared,dev' },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      'fetch-list': { type: 'boolean', default: false },
      materialize: { type: 'string' },
    },
  });
  const known = [...readSharedCases().map(fromSharedCase), ...readDevCases()];
  // Revisions need no report text: every corpus fact is listed and extracted.
  const revisions = [...known, ...readCorpusFacts().map((fact) => factAsCase(fact))];
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
  const corpus = sets.includes('corpus')
    ? readCorpusCases()
    : { cases: [], missing: [], stale: [] };
  if (corpus.missing.length + corpus.stale.length > 0)
    console.error(
      `corpus: ${corpus.missing.length} report texts missing and ${corpus.stale.length} stale in bench/.cache/corpus (run npm run corpus:fill); measuring the other ${corpus.cases.length}`,
    );
  const all = [...known, ...corpus.cases];
  const cases = all.filter(
    (entry) =>
      sets.includes(entry.set ?? 'dev') && (!values.only || entry.id.includes(values.only)),
  );
  const results: CaseResult[] = [];
  const skipped: string[] = [];
  for (const entry of cases) {
    const dir = await codeOf(entry);
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
    const result = await runCase(entry, dir);
    results.push(result);
    console.error(
      `${entry.id}: rank ${result.rank} (BM25 ${result.baselineRank})${result.internalError ? ` INTERNAL ERROR ${result.internalError}` : ''}`,
    );
  }
  const groups = sets
    .map(
      (set) =>
        [
          SET_NAMES[set] ?? set,
          groupFigures(results.filter((result) => result.set === set)),
        ] as const,
    )
    .filter(([, group]) => group.cases > 0);
  const note = `${results.length} cases measured${skipped.length ? `, ${skipped.length} skipped (revision not extracted: ${skipped.join(', ')})` : ''}. Traced cases "fix in a frame" are those whose gold file is among the files the report's in-app frames resolve to. Span overlap: the best-ranked suspect in a gold file overlaps the gold function (the smallest function enclosing the fix's changed lines), over cases with a gold file in the top 5. Times are single cold runs and medians of ${WARM_RUNS} warm runs on a shared 2-core machine: noisy.`;
  const markdown = `${summaryTable(groups)}\n\nPer language (all measured cases):\n\n${languageTable(results)}\n\n${caseTable(results)}\n\n${note}`;
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

await main();
