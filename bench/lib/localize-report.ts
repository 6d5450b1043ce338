/**
 * Figures and tables of `bench:localize`: per set (shared cases, development set, SWE-bench Lite
 * Python set) the file-level Acc@k of the localizer and of BM25 in the same run, the traced cases
 * whose fix is in an in-app frame's file, span overlap of the hits, times; a per-language table and
 * a per-case table.
 */
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
    bm25Acc1: accuracy(baseline, 1),
    bm25Acc5: accuracy(baseline, 5),
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
    indexColdMs: measured.map((result) => result.indexColdMs),
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
    baselineBm25: { acc1: fraction(group.bm25Acc1), acc5: fraction(group.bm25Acc5) },
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
      'BM25 Acc@1 / @5',
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
      `${pct(group.bm25Acc1)} / ${pct(group.bm25Acc5)}`,
      `${pct(group.framedAtRank1)} of ${group.framedCases}`,
      pct(group.spanOverlapOfHits),
      group.medianSuspectLines,
      `${group.internalErrors} / ${group.failedVerification}`,
      `${ms(group.indexColdMs)} / ${ms(group.localizeColdMs)} / ${ms(group.localizeWarmMs)}`,
    ]),
  );
}

/** Per-language table over all results. */
export function languageTable(results: readonly CaseResult[]): string {
  const languages = [...new Set(results.map((result) => result.language))].sort();
  return markdownTable(
    ['language', 'cases', 'with trace', 'Acc@1', 'Acc@5', 'BM25 Acc@1', 'BM25 Acc@5'],
    languages.map((language) => {
      const group = results.filter((result) => result.language === language);
      const ranks = group.map((result) => result.rank);
      const baseline = group.map((result) => result.baselineRank);
      return [
        language,
        group.length,
        group.filter((result) => result.trace).length,
        pct(accuracy(ranks, 1)),
        pct(accuracy(ranks, 5)),
        pct(accuracy(baseline, 1)),
        pct(accuracy(baseline, 5)),
      ];
    }),
  );
}

/** Per-case table. */
export function caseTable(results: readonly CaseResult[]): string {
  return markdownTable(
    [
      'case',
      'set',
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
      result.language,
      result.trace ? (result.goldInFrame ? 'yes (fix in frame)' : 'yes') : 'no',
      result.rank || '–',
      result.baselineRank || '–',
      result.internalError ? `INTERNAL ERROR: ${result.internalError.slice(0, 80)}` : result.top,
      result.overlap ? `yes (IoU ${result.iou.toFixed(2)})` : 'no',
      `${Math.round(result.indexColdMs)} / ${Math.round(result.localizeColdMs)} / ${Math.round(result.localizeWarmMs)}`,
    ]),
  );
}
