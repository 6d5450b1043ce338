/**
 * The training rows of the localization cases (localize-rows.ts computes one case's), cached in
 * bench/.cache/localize-features/<code hash>/<case>-<case hash>.json. The code hash covers only
 * what the rows depend on: the source closure of localize-rows.ts (its value imports, followed
 * through the workspace packages' barrels towards the names used; localize-source-closure.ts),
 * so a merge touching modules the computation never runs (history, diagnosis, the service) keeps
 * the rows. The case hash covers the case's facts and report. Computing is resumable: each case's
 * file is written when it is done, a case that throws is reported and skipped (retried on the next
 * run), and a revision's index is seeded from another revision of its repository
 * (localize-index-seed.ts), so only the files that differ are parsed. Indexes are cached per tree
 * in bench/.cache/index/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_FILE_NAME } from '@sightline/codebase/internal';
import { rankingVector } from '@sightline/investigator/internal';
import { cachedRepoTree, type DevCase } from './localize-cases.js';
import { seedIndexCache, siblingRevision } from './localize-index-seed.js';
import { type CaseQuery, computeCaseQuery } from './localize-rows.js';
import { caseCode } from './localize-sets.js';
import { sourceClosureHash } from './localize-source-closure.js';
import { BENCH_DIR } from './npm-pack.js';

export type { CaseQuery } from './localize-rows.js';

const ROOT = path.resolve(BENCH_DIR, '..');
const ROWS_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'localize-rows.ts');

/** The folder of the rows of the current code. */
export function rowsFolder(): string {
  codeHash ??= sourceClosureHash(ROOT, ROWS_MODULE);
  return path.join(BENCH_DIR, '.cache', 'localize-features', codeHash);
}
let codeHash: string | undefined;

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

/** The cache file of a case's rows. */
function rowsFile(entry: DevCase): string {
  const caseHash = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 12);
  return path.join(rowsFolder(), `${entry.id}-${caseHash}.json`);
}

/** Rows as training reads them: base vectors extended with the interactions (`rankingVector`). */
function withInteractions(query: CaseQuery): CaseQuery {
  return {
    ...query,
    candidates: query.candidates.map((candidate) => ({
      ...candidate,
      features: rankingVector(candidate.features),
    })),
  };
}

/**
 * The rows of one case, from the cache or computed (and cached).
 * @param entry - the case.
 * @param dir - its code (unpacked package or extracted revision).
 * @returns the candidates with features and relevance, and the case's group, set and language.
 */
export async function caseQuery(entry: DevCase, dir: string): Promise<CaseQuery> {
  const cacheFile = rowsFile(entry);
  if (existsSync(cacheFile)) return withInteractions(JSON.parse(readFileSync(cacheFile, 'utf8')));
  const cacheDir = indexCacheOf(dir);
  const sibling = entry.kind === 'git' ? siblingRevision(dir, path.dirname(cacheDir)) : undefined;
  if (sibling) await seedIndexCache(dir, cacheDir, sibling);
  const query = await computeCaseQuery(entry, caseGroup(entry), dir, cacheDir);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(query));
  await rename(temporary, cacheFile);
  return withInteractions(query);
}

/**
 * The cases in the order rows are computed: round-robin over repositories (each one's first case,
 * then each one's second, …), so that a run stopped part-way has rows from every repository it
 * reached rather than every case of the first few. Within a repository, the cases whose revision
 * is already indexed (bench/.cache/index) come first: the first round then costs no cold index.
 */
export function computeOrder<T extends DevCase>(cases: readonly T[]): T[] {
  const indexed = (entry: T) => {
    const tree = entry.kind === 'git' ? cachedRepoTree(entry) : undefined;
    return tree !== undefined && existsSync(path.join(indexCacheOf(tree), CACHE_FILE_NAME));
  };
  const byGroup = new Map<string, T[]>();
  for (const entry of cases)
    byGroup.set(caseGroup(entry), [...(byGroup.get(caseGroup(entry)) ?? []), entry]);
  const lists = [...byGroup.values()].map((list) =>
    [...list].sort((a, b) => Number(indexed(b)) - Number(indexed(a))),
  );
  const order: T[] = [];
  for (let round = 0; order.length < cases.length; round += 1)
    for (const list of lists) {
      const entry = list[round];
      if (entry) order.push(entry);
    }
  return order;
}

/**
 * The rows of every case whose code is at hand, computed in {@link computeOrder} (progress on
 * stderr) and returned in case order.
 * @param cases - the cases.
 * @param options.cachedOnly - read only rows already computed for this code (no indexing).
 * @param options.shard - compute only every `count`-th case of the order, from the `index`-th
 *   (0-based), so that several processes share the work; the others are read when cached.
 * @returns the rows; the ids skipped because their revision was never extracted, or (with
 *   `cachedOnly`) their rows were not computed; and the ids whose computation threw, with the error.
 */
export async function readCaseQueries(
  cases: readonly DevCase[],
  {
    cachedOnly = false,
    shard,
  }: { cachedOnly?: boolean; shard?: { index: number; count: number } } = {},
): Promise<{ queries: CaseQuery[]; skipped: string[]; failed: { id: string; error: string }[] }> {
  const found = new Map<string, CaseQuery>();
  const skipped: string[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const [position, entry] of computeOrder(cases).entries()) {
    const mine = !shard || position % shard.count === shard.index;
    if ((cachedOnly || !mine) && !existsSync(rowsFile(entry))) {
      skipped.push(entry.id);
      continue;
    }
    const dir = await caseCode(entry);
    if (!dir) {
      skipped.push(entry.id);
      continue;
    }
    const started = Date.now();
    try {
      const query = await caseQuery(entry, dir);
      found.set(entry.id, query);
      console.error(
        `${entry.id}: ${query.candidates.length} candidates, ${query.candidates.filter((candidate) => candidate.relevant).length} fixed (${Date.now() - started} ms)`,
      );
    } catch (error) {
      failed.push({ id: entry.id, error: (error as Error).message });
      console.error(`${entry.id}: rows not computed: ${(error as Error).message}`);
    }
  }
  const queries = cases.flatMap((entry) => {
    const query = found.get(entry.id);
    return query ? [query] : [];
  });
  return { queries, skipped, failed };
}
