/**
 * `npm run bench:localize` — how well the offline localizer points at the code, with no model.
 * Input: the bug-localization cases in ../shared/data/cases (real reports against published npm
 * packages, each with the gold files and line spans of its fix). For each case the package is
 * fetched with `npm pack` (cached in bench/.cache, not timed), indexed cold, the report (title +
 * body) parsed, and localized. Figures: file-level Acc@1/3/5 (a hit is any gold file among the
 * top k suspects), line-range overlap and IoU of the best-ranked suspect that lies in a gold file,
 * times (cold index; localize cold, which builds the lexical index; localize warm, median), and
 * the tokens of the offline diagnosis (which must pass verifyDiagnosis). Baseline in the same run:
 * plain BM25 over whole files (the same lexical index, no frames, names, graph or demotions).
 *
 * Targets (from the issue; measured, never tuned per case): Acc@1 ≥ 0.6, Acc@5 ≥ 0.85, and every
 * case with a stack trace at rank 1. Published anchors, file-level Acc@1/Acc@5 on SWE-bench Lite
 * (LocAgent, Chen et al., ACL 2025): BM25 38.7/61.7, CodeRankEmbed 52.6/84.7, LocAgent 77.7/94.2.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { countTokens } from '@sightline/core';
import { parseReport } from '@sightline/intake';
import { diagnoseOffline, localize, type Suspect, verifyDiagnosis } from '@sightline/investigator';
import { getLexicalIndex } from '@sightline/investigator/internal';
import { type GoldSpan, readSharedCases, SHARED_CASES_DIR, type SharedCase } from './lib/cases.js';
import { npmPack } from './lib/npm-pack.js';
import {
  type Figures,
  fraction,
  markdownTable,
  msFigure,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import { median, timed } from './lib/stats.js';

const LIMIT = 10;
const WARM_RUNS = 3;

interface CaseResult {
  id: string;
  trace: boolean;
  files: number;
  /** 1-based rank of the first gold file among the suspects; 0 when none is in the top 10. */
  rank: number;
  baselineRank: number;
  top: string;
  overlap: boolean;
  iou: number;
  indexColdMs: number;
  localizeColdMs: number;
  localizeWarmMs: number;
  diagnosisTokens: number;
  verified: boolean;
}

/** Rank (1-based) of the first path in `gold`, or 0. */
function rankOf(paths: readonly string[], gold: readonly GoldSpan[]): number {
  return paths.findIndex((file) => gold.some((span) => span.file === file)) + 1;
}

/** Overlap and intersection-over-union (in lines) of the best suspect lying in a gold file. */
function lineMatch(
  suspects: readonly Suspect[],
  gold: readonly GoldSpan[],
): { overlap: boolean; iou: number } {
  for (const suspect of suspects) {
    const span = gold.find((candidate) => candidate.file === suspect.path);
    if (!span) continue;
    const [start, end] = suspect.lines;
    const intersection = Math.max(
      0,
      Math.min(end, span.lines[1]) - Math.max(start, span.lines[0]) + 1,
    );
    const union = Math.max(end, span.lines[1]) - Math.min(start, span.lines[0]) + 1;
    return { overlap: intersection > 0, iou: intersection / union };
  }
  return { overlap: false, iou: 0 };
}

async function runCase(entry: SharedCase): Promise<CaseResult> {
  const { dir } = await npmPack(`${entry.package}@${entry.version}`);
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-localize-'));
  try {
    const { result: index, ms: indexColdMs } = await timed(() =>
      indexRepository(dir, { cacheDir }),
    );
    const report = parseReport(entry.report);
    const cold = await timed(() => localize(report, index, { limit: LIMIT }));
    const warm: number[] = [];
    for (let run = 0; run < WARM_RUNS; run++)
      warm.push((await timed(() => localize(report, index, { limit: LIMIT }))).ms);
    const suspects = cold.result;
    const baseline = [
      ...getLexicalIndex(index).searchFiles(`${entry.report.title}\n${entry.report.body}`),
    ]
      .sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : 1))
      .map(([file]) => file)
      .slice(0, LIMIT);
    const diagnosis = diagnoseOffline(report, index, { suspects });
    const verification = await verifyDiagnosis(diagnosis, index.root);
    if (!verification.ok)
      console.error(`${entry.id}: offline diagnosis failed verification`, verification.errors);
    return {
      id: entry.id,
      trace: entry.has_stack_trace,
      files: index.files.size,
      rank: rankOf(
        suspects.map((suspect) => suspect.path),
        entry.gold,
      ),
      baselineRank: rankOf(baseline, entry.gold),
      top: suspects[0] ? `${suspects[0].path}:${suspects[0].lines.join('-')}` : '(none)',
      ...lineMatch(suspects, entry.gold),
      indexColdMs: indexColdMs,
      localizeColdMs: cold.ms,
      localizeWarmMs: median(warm),
      diagnosisTokens: countTokens(JSON.stringify(diagnosis)),
      verified: verification.ok,
    };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

function accuracy(ranks: readonly number[], k: number): number {
  return ranks.filter((rank) => rank > 0 && rank <= k).length / ranks.length;
}

async function main(): Promise<void> {
  const cases = readSharedCases();
  if (cases.length === 0) {
    console.log(
      `Skipping bench:localize: no cases at ${SHARED_CASES_DIR} (the shared data folder is missing).`,
    );
    return;
  }
  const results: CaseResult[] = [];
  for (const entry of cases) {
    results.push(await runCase(entry));
    console.error(`${entry.id}: rank ${results.at(-1)?.rank}`);
  }
  const ranks = results.map((result) => result.rank);
  const baselineRanks = results.map((result) => result.baselineRank);
  const traced = results.filter((result) => result.trace);
  const figures: Figures = {
    acc1: fraction(accuracy(ranks, 1)),
    acc3: fraction(accuracy(ranks, 3)),
    acc5: fraction(accuracy(ranks, 5)),
    tracedAtRank1: fraction(
      accuracy(
        traced.map((result) => result.rank),
        1,
      ),
    ),
    lineOverlap: fraction(results.filter((result) => result.overlap).length / results.length),
    meanIoU: fraction(results.reduce((sum, result) => sum + result.iou, 0) / results.length),
    baselineBm25: {
      acc1: fraction(accuracy(baselineRanks, 1)),
      acc3: fraction(accuracy(baselineRanks, 3)),
      acc5: fraction(accuracy(baselineRanks, 5)),
    },
    perCase: Object.fromEntries(
      results.map((result) => [
        result.id,
        {
          rank: { value: result.rank, unit: 'rank', note: '0 = no gold file in the top 10' },
          baselineRank: { value: result.baselineRank, unit: 'rank' },
          iou: fraction(result.iou),
          indexCold: msFigure(result.indexColdMs, 'single run; noisy: shared machine'),
          localizeCold: msFigure(result.localizeColdMs, 'single run, builds the lexical index'),
          localizeWarm: {
            ...msFigure(result.localizeWarmMs),
            runs: WARM_RUNS,
            statistic: 'median' as const,
          },
          diagnosisTokens: {
            value: result.diagnosisTokens,
            unit: 'tokens',
            note: 'o200k_base, JSON of the offline diagnosis',
          },
          diagnosisVerified: { value: result.verified ? 1 : 0, unit: 'boolean' },
        },
      ]),
    ),
  };
  const rows = results.map((result) => [
    result.id,
    result.trace ? 'yes' : 'no',
    result.rank || '–',
    result.baselineRank || '–',
    result.top,
    result.overlap ? `yes (IoU ${result.iou.toFixed(2)})` : 'no',
    `${Math.round(result.indexColdMs)} / ${Math.round(result.localizeColdMs)} / ${Math.round(result.localizeWarmMs)}`,
    `${result.diagnosisTokens}${result.verified ? '' : ' (FAILED verification)'}`,
  ]);
  const table = markdownTable(
    [
      'case',
      'trace',
      'rank',
      'BM25 rank',
      'top suspect',
      'gold-file suspect overlaps gold span',
      'index cold / localize cold / warm (ms)',
      'diagnosis tokens',
    ],
    rows,
  );
  const pct = (value: number) => `${Math.round(value * 100)} %`;
  const summary = markdownTable(
    ['', 'Acc@1', 'Acc@3', 'Acc@5', 'traced cases at rank 1', 'line overlap', 'mean IoU'],
    [
      [
        'offline localizer',
        pct(accuracy(ranks, 1)),
        pct(accuracy(ranks, 3)),
        pct(accuracy(ranks, 5)),
        pct(
          accuracy(
            traced.map((result) => result.rank),
            1,
          ),
        ),
        pct(results.filter((result) => result.overlap).length / results.length),
        (results.reduce((sum, result) => sum + result.iou, 0) / results.length).toFixed(2),
      ],
      [
        'BM25 over files (same run)',
        pct(accuracy(baselineRanks, 1)),
        pct(accuracy(baselineRanks, 3)),
        pct(accuracy(baselineRanks, 5)),
        '',
        '',
        '',
      ],
    ],
  );
  const note = `${results.length} cases (${traced.length} with a stack trace). Times are single cold runs and medians of ${WARM_RUNS} warm runs on a shared machine: noisy.`;
  console.log(`${summary}\n\n${table}\n\n${note}`);
  await writeResults('localize', {
    inputs: {
      cases: {
        dir: 'shared/data/cases',
        count: results.length,
        packages: cases.map((entry) => `${entry.package}@${entry.version}`),
      },
      limit: LIMIT,
    },
    figures,
  });
  await updateReadmeTable('localize', `${summary}\n\n${table}\n\n${note}`);
}

await main();
