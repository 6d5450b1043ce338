/**
 * The training rows of one localization case, computed: every candidate file the localizer scores
 * for the report with its base feature vector (`fileVectors`; the runtime's `rankFiles` scores it
 * with the interactions of `rankingVector`, which training adds when it reads the rows) and whether the fix changed it (a gold file, or a twin of one: the suspect a person
 * would be pointed at). The cache of these rows (localize-features.ts) is keyed by this module's
 * source closure, so everything the rows depend on must be reached from here by value imports.
 */
import { indexRepository } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import {
  areTwins,
  BASE_FEATURES,
  collectReportSignals,
  fileVectors,
  scoreFiles,
} from '@sightline/investigator/internal';
import type { RankingQuery } from '../../packages/investigator/training/ranking-query.js';

/** Irrelevant candidates kept per report, those with the strongest signals first. */
export const MAX_NEGATIVES = 200;
/**
 * The features from `frame` to `pageRank` (the trace, text and name signals and PageRank; not the
 * title signals after them, nor the role indicators): their sum orders the negatives kept.
 */
const SIGNAL_COUNT = BASE_FEATURES.indexOf('pageRank') + 1;

/** What the rows read of a case. */
export interface RowCase {
  id: string;
  set?: string;
  language: string;
  report: { title: string; body: string };
  gold: readonly { file: string }[];
}

/** A case's rows with what per-slice figures need. */
export interface CaseQuery extends RankingQuery {
  set: string;
  language: string;
}

/**
 * Computes a case's rows: indexes its code, then scores the report's candidates.
 * @param entry - the case.
 * @param group - its cross-validation group (repository or npm package).
 * @param dir - its code (unpacked package or extracted revision).
 * @param cacheDir - the index cache folder of that code.
 * @returns the relevant candidates and the {@link MAX_NEGATIVES} strongest others, by path.
 */
export async function computeCaseQuery(
  entry: RowCase,
  group: string,
  dir: string,
  cacheDir: string,
): Promise<CaseQuery> {
  const index = await indexRepository(dir, { cacheDir });
  const report = parseReport(entry.report);
  const packageName = readPackageName(index.root);
  const signals = collectReportSignals(report, index, packageName ? { packageName } : {});
  const gold = entry.gold.map(({ file }) => file);
  const candidates = fileVectors(index, scoreFiles(index, signals).files, signals).map(
    ({ path: file, features }) => ({
      path: file,
      features,
      relevant: gold.some((goldFile) => goldFile === file || areTwins(index, goldFile, file)),
    }),
  );
  const strength = (features: number[]) =>
    features.slice(0, SIGNAL_COUNT).reduce((sum, value) => sum + value, 0);
  const negatives = candidates
    .filter((candidate) => !candidate.relevant)
    .sort((a, b) => strength(b.features) - strength(a.features) || (a.path < b.path ? -1 : 1))
    .slice(0, MAX_NEGATIVES);
  return {
    id: entry.id,
    group,
    set: entry.set ?? 'dev',
    language: entry.language,
    candidates: [...candidates.filter((candidate) => candidate.relevant), ...negatives].sort(
      (a, b) => (a.path < b.path ? -1 : 1),
    ),
  };
}
