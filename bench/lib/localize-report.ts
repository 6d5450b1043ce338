/**
 * Figures and tables of `bench:localize`: per set (shared cases, development set, SWE-bench Lite
 * Python set, corpus) and over all of them, the file-level Acc@k and MRR of the localizer and of
 * BM25 in the same run, the traced cases whose fix is in an in-app frame's file, span overlap of
 * the hits, times; per-language and per-kind tables (the same figures); a per-case table.
 */
import { meanReciprocalRank } from '../../packages/investigator/training/select-ranker.js';
import { accuracy } from './localize-metrics.js';
import type { CaseResult } from './localize-run.js';
import { type Figures, fraction, markdownTable, msFigure } from './results.js';
import { median } from './stats.js';

const pct = (value: number) => `${Math.round(value * 100)} %`;
const ms = (values: number[]) => (values.length ? `${Math.round(median(values))}` : '–');

/** The figures of a group of results. */
export function groupFigures(results: readonly CaseResult[]) {
  const ranks = results.map((result) => result.rank);
  const baseline = results.map((result) => result.baselineRank);
  const framed = results.filter((result) => result.trace && result.goldInFrame);
  const hits = results.filter((result) => result.rank > 0 && result.rank <= 5);
  const measured = results.filter((result) => !result.internalError);
  return {
    cases: results.length,
    acc1: accuracy(ranks, 1),
    acc3: accuracy(ranks, 3),
    acc5: accuracy(ranks, 5),
    mrr: meanReciprocalRank(ranks),
    bm25Acc1: accuracy(baseline, 1),
    bm25Acc5: accuracy(baseline, 5),
    bm25Mrr: meanReciprocalRank(baseline),
    framedCases: framed.length,
    framedAtRank1: accuracy(
      framed.map((result) => result.rank),
      1,
    ),
    spanOverlapOfHits: hits.length ? hits.filter((hit) => hit.overlap).length / hits.length : 0,
    meanIoUOfHits: hits.length ? hits.reduce((sum, hit) => sum + hit.iou, 0) / hits.length : 0,
    medianSuspectLines: hits.length ? median(hits.map((hit) => hit.suspectLines)) : 0,
    internalErrors: results.filter((result) => result.internalError).length,
    failedVerification: measured.filter((result) => !result.verified).length,
    indexColdMs: measured.flatMap((result) =>
      result.indexColdMs === undefined ? [] : [result.indexColdMs],
    ),
    localizeColdMs: measured.map((result) => result.localizeColdMs),
    localizeWarmMs: measured.map((result) => result.localizeWarmMs),
  };
}

type Group = ReturnType<typeof groupFigures>;

/** One group as JSON figures. */
export function toFigures(group: Group): Figures {
  const count = (value: number, unit = 'cases') => ({ value, unit });
  return {
    cases: count(group.cases),
    acc1: fraction(group.acc1),
    acc3: fraction(group.acc3),
    acc5: fraction(group.acc5),
    mrr: { value: Math.round(group.mrr * 1000) / 1000, unit: 'mean reciprocal rank' },
    baselineBm25: {
      acc1: fraction(group.bm25Acc1),
      acc5: fraction(group.bm25Acc5),
      mrr: { value: Math.round(group.bm25Mrr * 1000) / 1000, unit: 'mean reciprocal rank' },
    },
    tracedWithFixInFrame: count(group.framedCases),
    tracedWithFixInFrameAtRank1: fraction(group.framedAtRank1),
    spanOverlapOfTop5Hits: fraction(group.spanOverlapOfHits),
    meanIoUOfTop5Hits: fraction(group.meanIoUOfHits),
    medianSuspectLines: count(group.medianSuspectLines, 'lines'),
    internalErrors: count(group.internalErrors),
    failedVerification: count(group.failedVerification),
    indexCold: {
      ...msFigure(group.indexColdMs.length ? median(group.indexColdMs) : 0),
      statistic: 'median',
      note: 'median over cases, one cold run each; noisy: shared machine',
    },
    localizeCold: {
      ...msFigure(group.localizeColdMs.length ? median(group.localizeColdMs) : 0),
      statistic: 'median',
      note: 'median over cases; builds the lexical index',
    },
    localizeWarm: {
      ...msFigure(group.localizeWarmMs.length ? median(group.localizeWarmMs) : 0),
      statistic: 'median',
      note: "median over cases of each case's median warm run",
    },
  };
}

/** Summary table: one row per group. */
export function summaryTable(groups: readonly (readonly [string, Group])[]): string {
  return markdownTable(
    [
      'set',
      'cases',
      'Acc@1',
      'Acc@3',
      'Acc@5',
      'MRR',
      'BM25 Acc@1 / @5 / MRR',
      'traced, fix in a frame: at rank 1',
      'span overlap (top-5 hits)',
      'median suspect lines',
      'internal errors / failed verification',
      'index cold / localize cold / warm, median ms',
    ],
    groups.map(([name, group]) => [
      name,
      group.cases,
      pct(group.acc1),
      pct(group.acc3),
      pct(group.acc5),
      group.mrr.toFixed(2),
      `${pct(group.bm25Acc1)} / ${pct(group.bm25Acc5)} / ${group.bm25Mrr.toFixed(2)}`,
      `${pct(group.framedAtRank1)} of ${group.framedCases}`,
      pct(group.spanOverlapOfHits),
      group.medianSuspectLines,
      `${group.internalErrors} / ${group.failedVerification}`,
      `${ms(group.indexColdMs)} / ${ms(group.localizeColdMs)} / ${ms(group.localizeWarmMs)}`,
    ]),
  );
}

/** A table of the figures per slice of the results (a language, a kind). */
function sliceTable(
  heading: string,
  slices: readonly (readonly [string, readonly CaseResult[]])[],
): string {
  return markdownTable(
    [
      heading,
      'cases',
      'with trace',
      'Acc@1',
      'Acc@3',
      'Acc@5',
      'MRR',
      'span overlap (top-5 hits)',
      'BM25 Acc@1 / @5 / MRR',
    ],
    slices.map(([name, results]) => {
      const group = groupFigures(results);
      return [
        name,
        group.cases,
        results.filter((result) => result.trace).length,
        pct(group.acc1),
        pct(group.acc3),
        pct(group.acc5),
        group.mrr.toFixed(2),
        pct(group.spanOverlapOfHits),
        `${pct(group.bm25Acc1)} / ${pct(group.bm25Acc5)} / ${group.bm25Mrr.toFixed(2)}`,
      ];
    }),
  );
}

/** Per-language table over all results. */
export function languageTable(results: readonly CaseResult[]): string {
  const languages = [...new Set(results.map((result) => result.language))].sort();
  return sliceTable(
    'language',
    languages.map(
      (language) => [language, results.filter((result) => result.language === language)] as const,
    ),
  );
}

/** Per-kind table over all results: crash or plain, then each corpus tag. */
export function kindTable(results: readonly CaseResult[]): string {
  const kinds = [...new Set(results.flatMap((result) => result.kinds))].sort(
    (a, b) =>
      Number(b === 'crash') - Number(a === 'crash') ||
      Number(b === 'plain') - Number(a === 'plain') ||
      (a < b ? -1 : 1),
  );
  return sliceTable(
    'kind',
    kinds.map((kind) => [kind, results.filter((result) => result.kinds.includes(kind))] as const),
  );
}

/** Per-case table. */
export function caseTable(results: readonly CaseResult[]): string {
  return markdownTable(
    [
      'case',
      'set',
      'fold',
      'lang',
      'trace',
      'rank',
      'BM25 rank',
      'top suspect',
      'span overlap',
      'index / localize cold / warm (ms)',
    ],
    results.map((result) => [
      result.id,
      result.set,
      result.fold,
      result.language,
      result.trace ? (result.goldInFrame ? 'yes (fix in frame)' : 'yes') : 'no',
      result.rank || '–',
      result.baselineRank || '–',
      result.internalError ? `INTERNAL ERROR: ${result.internalError.slice(0, 80)}` : result.top,
      result.overlap ? `yes (IoU ${result.iou.toFixed(2)})` : 'no',
      `${result.indexColdMs === undefined ? 'cached' : Math.round(result.indexColdMs)} / ${Math.round(result.localizeColdMs)} / ${Math.round(result.localizeWarmMs)}`,
    ]),
  );
}
