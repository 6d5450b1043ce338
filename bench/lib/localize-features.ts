/**
 * The training rows of one localization case: every candidate file the localizer scores for the
 * report, with its feature vector (`rankFiles`, the same vectors the runtime scores) and whether
 * the fix changed it (a gold file, or a twin of one: the suspect a person would be pointed at).
 * Rows are cached in bench/.cache/localize-features/<code hash>/, the hash covering the
 * localizer's, the index's and the parsers' source and the case itself, so a change of either
 * recomputes them; indexes are cached per tree in bench/.cache/index/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import {
  areTwins,
  collectReportSignals,
  RANKING_FEATURES,
  rankFiles,
  scoreFiles,
} from '@sightline/investigator/internal';
import type { RankingQuery } from '../../packages/investigator/training/pairwise-ranker.js';
import type { DevCase } from './localize-cases.js';
import { caseCode } from './localize-sets.js';
import { BENCH_DIR } from './npm-pack.js';

/** Irrelevant candidates kept per report, those with the strongest signals first. */
export const MAX_NEGATIVES = 200;
/** Features that are signals (not role indicators); their sum orders the negatives kept. */
const SIGNAL_COUNT = RANKING_FEATURES.indexOf('pageRank') + 1;

const ROOT = path.resolve(BENCH_DIR, '..');
/** Source folders whose code decides the feature vectors. */
const CODE_FOLDERS = [
  'packages/investigator/src/localize',
  'packages/codebase/src',
  'packages/intake/src/parse',
];
/** Files of those folders that never change a feature vector: ranges, the diagnosis, the weights. */
const NOT_FEATURES =
  /(\/model\/|\/localize\.ts$|\/offline-[\w-]+\.ts$|\/suspect-range\.ts$|\/prepare-report\.ts$)/;

/** A case's rows with what per-slice figures need. */
export interface CaseQuery extends RankingQuery {
  set: string;
  language: string;
}

/**
 * The persistent index cache of a case's tree (bench/.cache/index/<tree>), shared by training and
 * the benchmark's runs of the large sets.
 * @param dir - the case's code folder.
 */
export function indexCacheOf(dir: string): string {
  return path.join(BENCH_DIR, '.cache', 'index', path.basename(dir));
}

/** The cross-validation group of a case: its repository, or its npm package. */
export function caseGroup(entry: DevCase): string {
  return entry.repo ?? entry.package ?? entry.id;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (item) =>
        item.isFile() && /\.(ts|scm|json)$/.test(item.name) && !item.name.includes('.test.'),
    )
    .map((item) => path.join(item.parentPath, item.name))
    .filter((file) => !NOT_FEATURES.test(file))
    .sort();
}

let codeHash: string | undefined;

/** A hash of the code that computes feature vectors (computed once per process). */
function featureCodeHash(): string {
  if (!codeHash) {
    const hash = createHash('sha256');
    for (const folder of CODE_FOLDERS)
      for (const file of sourceFiles(path.join(ROOT, folder)))
        hash.update(file).update(readFileSync(file));
    codeHash = hash.digest('hex').slice(0, 16);
  }
  return codeHash;
}

/**
 * The rows of one case, from the cache or computed.
 * @param entry - the case.
 * @param dir - its code (unpacked package or extracted revision).
 * @returns the candidates with features and relevance, and the case's group, set and language.
 */
export async function caseQuery(entry: DevCase, dir: string): Promise<CaseQuery> {
  const caseHash = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 12);
  const cacheFile = path.join(
    BENCH_DIR,
    '.cache',
    'localize-features',
    featureCodeHash(),
    `${entry.id}-${caseHash}.json`,
  );
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as CaseQuery;
  const index = await indexRepository(dir, {
    cacheDir: indexCacheOf(dir),
  });
  const report = parseReport(entry.report);
  const packageName = readPackageName(index.root);
  const signals = collectReportSignals(report, index, packageName ? { packageName } : {});
  const ranked = rankFiles(index, scoreFiles(index, signals).files, signals);
  const gold = entry.gold.map(({ file }) => file);
  const candidates = ranked.map(({ path: file, features }) => ({
    path: file,
    features,
    relevant: gold.some((goldFile) => goldFile === file || areTwins(index, goldFile, file)),
  }));
  const strength = (features: number[]) =>
    features.slice(0, SIGNAL_COUNT).reduce((sum, value) => sum + value, 0);
  const negatives = candidates
    .filter((candidate) => !candidate.relevant)
    .sort((a, b) => strength(b.features) - strength(a.features) || (a.path < b.path ? -1 : 1))
    .slice(0, MAX_NEGATIVES);
  const query: CaseQuery = {
    id: entry.id,
    group: caseGroup(entry),
    set: entry.set ?? 'dev',
    language: entry.language,
    candidates: [...candidates.filter((candidate) => candidate.relevant), ...negatives].sort(
      (a, b) => (a.path < b.path ? -1 : 1),
    ),
  };
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(query));
  return query;
}

/**
 * The rows of every case whose code is at hand, in case order (progress on stderr).
 * @param cases - the cases.
 * @returns the rows, and the ids skipped because their revision was never extracted.
 */
export async function readCaseQueries(
  cases: readonly DevCase[],
): Promise<{ queries: CaseQuery[]; skipped: string[] }> {
  const queries: CaseQuery[] = [];
  const skipped: string[] = [];
  for (const entry of cases) {
    const dir = await caseCode(entry);
    if (!dir) {
      skipped.push(entry.id);
      continue;
    }
    const query = await caseQuery(entry, dir);
    queries.push(query);
    console.error(
      `${entry.id}: ${query.candidates.length} candidates, ${query.candidates.filter((candidate) => candidate.relevant).length} fixed`,
    );
  }
  return { queries, skipped };
}
