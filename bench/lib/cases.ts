/**
 * The shared bug-localization cases (`../shared/data/cases/*.json`, relative to the repository
 * root): real reports against published npm package versions, with the gold files and line spans
 * (1-based, inclusive) of each fix. Read by `bench:localize` and by the tests that run the whole
 * pipeline on real code when the packages were already fetched.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, NPM_CACHE_DIR } from './npm-pack.js';

/** Folder of the shared cases. */
export const SHARED_CASES_DIR = path.resolve(BENCH_DIR, '..', '..', 'shared', 'data', 'cases');

/** A gold location: the code the upstream fix changed. */
export interface GoldSpan {
  /** Path relative to the package root (the tarball's `package/`). */
  file: string;
  lines: [number, number];
  symbol?: string;
}

/** One shared case, as stored. */
export interface SharedCase {
  id: string;
  package: string;
  version: string;
  report: { title: string; body: string };
  has_stack_trace: boolean;
  gold: GoldSpan[];
}

/**
 * Reads every shared case, sorted by file name.
 * @param dir - folder of the case files. Default {@link SHARED_CASES_DIR}.
 * @returns the cases, or `[]` when the shared data folder is missing.
 */
export function readSharedCases(dir: string = SHARED_CASES_DIR): SharedCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SharedCase);
}

/**
 * The unpacked package of a case, if an earlier `npmPack` (e.g. `npm run bench:localize`) left it
 * in the cache; tests use this to run on real code without touching the network.
 * @param entry - the case.
 * @param cacheDir - the `npmPack` cache. Default `NPM_CACHE_DIR` (bench/.cache/npm).
 * @returns the package folder, or `undefined` when it was never fetched.
 */
export function cachedCasePackage(
  entry: SharedCase,
  cacheDir: string = NPM_CACHE_DIR,
): string | undefined {
  const folder = path.join(cacheDir, `${entry.package.replace('/', '__')}@${entry.version}`);
  return existsSync(path.join(folder, '.unpacked')) ? path.join(folder, 'package') : undefined;
}
