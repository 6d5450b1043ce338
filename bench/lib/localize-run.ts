/**
 * Runs the offline localizer on one benchmark case: index cold, localize cold and warm, the BM25
 * baseline over whole files, the offline diagnosis and its verification. An exception anywhere in
 * Sightline's code is caught and recorded as an internal error of the case (never a crashed run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import { diagnoseOffline, localize, verifyDiagnosis } from '@sightline/investigator';
import {
  collectReportSignals,
  getLexicalIndex,
  type RankingModel,
} from '@sightline/investigator/internal';
import type { DevCase } from './localize-cases.js';
import { goldSpans, rankOf, type SpanMatch, spanMatch } from './localize-metrics.js';
import { median, timed } from './stats.js';

/** Suspects asked for. */
export const LIMIT = 10;
/** Warm localize runs per case (the median is reported). */
export const WARM_RUNS = 3;

/** Everything measured on one case. */
export interface CaseResult extends SpanMatch {
  id: string;
  set: string;
  language: string;
  trace: boolean;
  /** `crash` (a crash or stack trace in the report) or `plain`; corpus tags follow (`android`, …). */
  kinds: string[];
  /** The cross-validation fold whose model ranked the case (`shipped` for the shipped model). */
  fold: string;
  /** True when a gold file is among the files the report's in-app frames resolve to. */
  goldInFrame: boolean;
  files: number;
  /** 1-based rank of the first gold file among the suspects; 0 when none is in the top 10. */
  rank: number;
  baselineRank: number;
  top: string;
  /** Indexing time with an empty cache; `undefined` when the index came from the training cache. */
  indexColdMs: number | undefined;
  localizeColdMs: number;
  localizeWarmMs: number;
  verified: boolean;
  /** The message of an exception thrown by Sightline's code, if any. */
  internalError?: string;
}

/** The kinds of a case: `crash` or `plain`, then its corpus tags. */
export function caseKinds(entry: DevCase & { report_kind?: string; tags?: string[] }): string[] {
  return [entry.report_kind ?? (entry.has_stack_trace ? 'crash' : 'plain'), ...(entry.tags ?? [])];
}

/**
 * Measures one case on the repository (or package) folder `dir`.
 * @param entry - the case.
 * @param dir - its code: the unpacked package or the extracted revision.
 * @param options.model - the ranking model (a cross-validation fold's); default the shipped one.
 * @param options.fold - the name of that model's fold, for the tables. Default `shipped`.
 * @param options.indexCache - index with this persistent cache (the training cache, see
 *   `indexCacheOf`) instead of a cold one: the large sets, whose cold indexing was measured when
 *   the cache was filled; `indexColdMs` is then left out.
 * @param options.history - the files' history features at the case's revision (`caseHistory`);
 *   default none (all 0, as for a tree without git history).
 * @returns the measurements; `internalError` is set when Sightline threw.
 */
export async function runCase(
  entry: DevCase,
  dir: string,
  {
    model,
    fold = 'shipped',
    indexCache,
    history,
  }: {
    model?: RankingModel;
    fold?: string;
    indexCache?: string;
    history?: ReadonlyMap<string, readonly number[]>;
  } = {},
): Promise<CaseResult> {
  const base = {
    id: entry.id,
    set: entry.set ?? 'dev',
    language: entry.language,
    trace: entry.has_stack_trace,
    kinds: caseKinds(entry),
    fold,
  };
  const options = { limit: LIMIT, ...(model ? { model } : {}), ...(history ? { history } : {}) };
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-localize-'));
  try {
    const { result: index, ms } = await timed(() =>
      indexRepository(dir, { cacheDir: indexCache ?? cacheDir }),
    );
    const indexColdMs = indexCache ? undefined : ms;
    const report = parseReport(entry.report);
    const cold = await timed(() => localize(report, index, options));
    const warm: number[] = [];
    for (let attempt = 0; attempt < WARM_RUNS; attempt++)
      warm.push((await timed(() => localize(report, index, options))).ms);
    const suspects = cold.result;
    const baseline = [
      ...getLexicalIndex(index).searchFiles(`${entry.report.title}\n${entry.report.body}`),
    ]
      .sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : 1))
      .map(([file]) => file)
      .slice(0, LIMIT);
    const packageName = readPackageName(index.root);
    const frames = collectReportSignals(report, index, packageName ? { packageName } : {}).frames;
    const diagnosis = await diagnoseOffline(report, index, { suspects });
    const verification = await verifyDiagnosis(diagnosis, index.root);
    return {
      ...base,
      goldInFrame: frames.some((frame) => entry.gold.some((gold) => gold.file === frame.path)),
      files: index.files.size,
      rank: rankOf(
        suspects.map((suspect) => suspect.path),
        entry.gold,
      ),
      baselineRank: rankOf(baseline, entry.gold),
      top: suspects[0] ? `${suspects[0].path}:${suspects[0].lines.join('-')}` : '(none)',
      ...spanMatch(suspects, goldSpans(entry.gold, index)),
      indexColdMs,
      localizeColdMs: cold.ms,
      localizeWarmMs: median(warm),
      verified: verification.ok,
    };
  } catch (error) {
    return {
      ...base,
      goldInFrame: false,
      files: 0,
      rank: 0,
      baselineRank: 0,
      top: '(internal error)',
      overlap: false,
      iou: 0,
      suspectLines: 0,
      indexColdMs: 0,
      localizeColdMs: 0,
      localizeWarmMs: 0,
      verified: false,
      internalError: error instanceof Error ? error.message : String(error),
    };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}
