/**
 * Every localization case known to the benchmark and to training, from all sets: the shared npm
 * cases, the development set (and the Python set beside it) and the corpus cases whose report
 * texts are in the cache; and where each case's code is.
 */
import { readSharedCases } from './cases.js';
import { readCorpusCases } from './corpus.js';
import { cachedRepoTree, type DevCase, fromSharedCase, readDevCases } from './localize-cases.js';
import { npmPack } from './npm-pack.js';

/**
 * Reads every case.
 * @returns the cases, and the corpus ids whose text is missing or stale (`npm run corpus:fill`).
 */
export function readAllCases(): { cases: DevCase[]; unfilled: string[] } {
  const corpus = readCorpusCases();
  return {
    cases: [...readSharedCases().map(fromSharedCase), ...readDevCases(), ...corpus.cases],
    unfilled: [...corpus.missing, ...corpus.stale],
  };
}

/**
 * The folder holding a case's code: the unpacked npm package (fetched once with `npm pack`) or
 * the extracted revision.
 * @returns the folder, or `undefined` when the revision was never extracted (`--materialize`).
 */
export async function caseCode(entry: DevCase): Promise<string | undefined> {
  if (entry.kind === 'npm') return (await npmPack(`${entry.package}@${entry.version}`)).dir;
  return cachedRepoTree(entry);
}
