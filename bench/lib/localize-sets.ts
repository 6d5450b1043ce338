/**
 * Every localization case known to the benchmark and to training, from all sets: the shared npm
 * cases, the development set (and the Python set beside it) and the corpus cases whose report
 * texts are in the cache; and where each case's code is.
 */
import { readSharedCases } from './cases.js';
import { type CorpusCase, readCorpusCases } from './corpus.js';
import { cachedRepoTree, type DevCase, fromSharedCase, readDevCases } from './localize-cases.js';
import { npmPack } from './npm-pack.js';

/**
 * Corpus cases kept per repository by default for training and cross-validation (one: the crash
 * report when the repository has one). Each case's revision is indexed cold (tens of seconds for
 * the large Java and C++ repositories on this shared machine), and the number of repositories, not
 * of cases per repository, is what grouped cross-validation measures generalization over; a run
 * over more of the corpus passes `--corpus-per-repository N` or `all`
 * ({@link parseCorpusPerRepository}).
 */
export const CORPUS_CASES_PER_REPOSITORY = 1;

/** Corpus cases a run takes per repository: a count, or `all` (the whole corpus). */
export type CorpusPerRepository = number | 'all';

/**
 * Reads the `--corpus-per-repository` option.
 * @param text - a positive integer or `all`; `undefined` gives {@link CORPUS_CASES_PER_REPOSITORY}.
 * @throws Error naming the option when the text is neither.
 */
export function parseCorpusPerRepository(text: string | undefined): CorpusPerRepository {
  if (text === undefined) return CORPUS_CASES_PER_REPOSITORY;
  if (text === 'all') return 'all';
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(
      `--corpus-per-repository takes a positive whole number or "all", not "${text}"`,
    );
  return count;
}

/**
 * At most `limit` cases per repository: crash reports first (the minority of the corpus), then
 * by id.
 * @param cases - corpus cases (or facts as cases, for extracting revisions).
 * @param limit - default {@link CORPUS_CASES_PER_REPOSITORY}; `all` keeps every case.
 * @returns the kept cases, in id order.
 */
export function capPerRepository<T extends CorpusCase>(
  cases: readonly T[],
  limit: CorpusPerRepository = CORPUS_CASES_PER_REPOSITORY,
): T[] {
  const kept: T[] = [];
  const ordered = [...cases].sort(
    (a, b) =>
      Number(b.report_kind === 'crash') - Number(a.report_kind === 'crash') ||
      (a.id < b.id ? -1 : 1),
  );
  const counts = new Map<string, number>();
  for (const entry of ordered) {
    const count = counts.get(entry.repo ?? '') ?? 0;
    if (limit !== 'all' && count >= limit) continue;
    counts.set(entry.repo ?? '', count + 1);
    kept.push(entry);
  }
  return kept.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Reads every case (the corpus capped per repository, {@link capPerRepository}).
 * @param options.corpusPerRepository - default {@link CORPUS_CASES_PER_REPOSITORY}.
 * @returns the cases, and the corpus ids whose text is missing or stale (`npm run corpus:fill`).
 */
export function readAllCases({
  corpusPerRepository = CORPUS_CASES_PER_REPOSITORY,
}: {
  corpusPerRepository?: CorpusPerRepository;
} = {}): { cases: DevCase[]; unfilled: string[] } {
  const corpus = readCorpusCases();
  return {
    cases: [
      ...readSharedCases().map(fromSharedCase),
      ...readDevCases(),
      ...capPerRepository(corpus.cases, corpusPerRepository),
    ],
    unfilled: [...corpus.missing, ...corpus.stale],
  };
}

/**
 * The number of cases of every set, the whole corpus, texts filled or not: what the targets of
 * issue #33 are judged on, and what a run covering fewer is a subset of.
 */
export function everyCaseCount(): number {
  const { cases, unfilled } = readAllCases({ corpusPerRepository: 'all' });
  return cases.length + unfilled.length;
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
