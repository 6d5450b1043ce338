/**
 * Report–repository pairs for the tie model (`npm run train:ties`) and `npm run bench:ties`: each
 * report on its own repository (related) and on others (unrelated), with the tie model's features
 * and what the offline diagnosis cites without the model's judgement.
 *
 * - Corpus cases (bench/corpus, texts and trees from `npm run corpus:fill`), at most
 *   `perRepository` per repository in file order: on their own tree at the fix's parent; on the
 *   tree of the next repository in name order (turning with the case, so each report meets
 *   several) and of another repository in the same language when there is one.
 * - The npm-package cases of the development set and the shared cases: on their own package
 *   (`npm pack`, cached), on the next package in name order, and on a corpus repository.
 * - App reviews (../shared/data/reviews/test.jsonl, about mobile apps), on corpus repositories and
 *   npm packages in turn: never related.
 *
 * Each pair is computed once per version of the code it depends on and kept in
 * bench/.cache/tie-pairs/<code hash>/<pair>.json (the code hash covers this module's source
 * closure, `sourceClosureHash`, but the shipped tie model; the pair's name covers its report, gold
 * and relation), so a second run reads them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import {
  collectReportSignals,
  diagnoseOffline,
  localize,
  rankFiles,
  type Suspect,
  scoreFiles,
  tieFeatures,
} from '@sightline/investigator/internal';
import { readSharedCases } from './cases.js';
import { readCorpusCases } from './corpus.js';
import { cachedRepoTree, type DevCase, fromSharedCase, readDevCases } from './localize-cases.js';
import { caseGroup, indexCacheOf } from './localize-features.js';
import { sourceClosureHash } from './localize-source-closure.js';
import { BENCH_DIR, npmPack } from './npm-pack.js';

/** One report run on one repository. */
export interface TiePair {
  /** `<case id>@<repository>`. */
  id: string;
  /** The cross-validation group: the report's repository (a review's: the one it is run on). */
  group: string;
  /** `crash` or `plain` (corpus), `npm` (development and shared cases), `review`. */
  kind: string;
  /** Whether the report is about this repository. */
  related: boolean;
  /** `tieFeatures` of the pair. */
  features: readonly number[];
  /** The repository's vocabulary (distinct terms, `tieFeatures`). */
  vocabulary: number;
  /** The report's stack frames that resolve to the repository's files (`tieFeatures`). */
  resolvedFrames: number;
  /** Whether the offline diagnosis cites a cause, judged suspect by suspect (`tiesReport`). */
  cause: boolean;
  /** Whether that cause is in a gold file. */
  goldCause: boolean;
  /** Whether it cites a cause when every ranked suspect may be one (no judgement at all). */
  causeAny: boolean;
  /** Whether that cause is in a gold file. */
  goldCauseAny: boolean;
}

/** Options of {@link readTiePairs}. */
export interface TiePairOptions {
  /** Corpus cases per repository at most. */
  perRepository: number;
  /** App reviews used. Default 150. */
  reviews?: number;
  /** Called with a progress line every few pairs. */
  log?: (line: string) => void;
}

const ROOT = path.resolve(BENCH_DIR, '..');
/** Repository indexes kept in memory at once. */
const KEPT_INDEXES = 4;
const REVIEWS = path.resolve(BENCH_DIR, '..', '..', 'shared', 'data', 'reviews', 'test.jsonl');

interface Report {
  title: string;
  body: string;
}

interface Repository {
  name: string;
  dir: string;
  language: string;
}

/**
 * The pairs, computed or read from the cache.
 * @returns related and unrelated pairs, in a fixed order.
 */
export async function readTiePairs({
  perRepository,
  reviews = 150,
  log = () => {},
}: TiePairOptions): Promise<TiePair[]> {
  const folder = path.join(
    BENCH_DIR,
    '.cache',
    'tie-pairs',
    // The pairs never read the shipped tie model (features and causes are computed without it).
    sourceClosureHash(ROOT, fileURLToPath(import.meta.url), /tie-model\.json$/),
  );
  mkdirSync(folder, { recursive: true });
  const indexes = new Map<string, RepositoryIndex>();
  // The last few indexes only (least recently used out): each holds a lexical index, and a
  // whole corpus of them does not fit in memory.
  const indexAt = async (dir: string) => {
    const index = indexes.get(dir) ?? (await indexRepository(dir, { cacheDir: indexCacheOf(dir) }));
    indexes.delete(dir);
    indexes.set(dir, index);
    for (const old of indexes.keys()) if (indexes.size > KEPT_INDEXES) indexes.delete(old);
    return index;
  };
  const pairs: TiePair[] = [];
  const pair = async (
    entry: { id: string; kind: string; group: string; gold: readonly string[] },
    report: Report,
    on: Repository,
    related: boolean,
  ) => {
    const id = `${entry.id}@${on.name}`;
    const file = path.join(
      folder,
      `${createHash('sha256')
        .update(JSON.stringify([id, report, entry.gold, related]))
        .digest('hex')
        .slice(0, 24)}.json`,
    );
    if (existsSync(file)) {
      pairs.push(JSON.parse(readFileSync(file, 'utf8')) as TiePair);
      return;
    }
    const computed = await computePair(await indexAt(on.dir), report, entry.gold);
    const value: TiePair = { id, group: entry.group, kind: entry.kind, related, ...computed };
    writeFileSync(file, JSON.stringify(value));
    pairs.push(value);
    if (pairs.length % 25 === 0) log(`${pairs.length} pairs`);
  };

  const corpus = corpusByRepository(perRepository);
  const repositories = [...corpus.keys()].sort().map((name) => {
    const first = corpus.get(name)?.[0] as DevCase;
    return { name, dir: cachedRepoTree(first) as string, language: first.language ?? '' };
  });
  let turn = 0;
  for (const [position, repository] of repositories.entries()) {
    for (const entry of corpus.get(repository.name) ?? []) {
      const facts = {
        id: entry.id,
        kind: (entry as DevCase & { report_kind?: string }).report_kind ?? 'plain',
        group: caseGroup(entry),
        gold: entry.gold.map((item) => item.file),
      };
      const own = { ...repository, dir: cachedRepoTree(entry) as string };
      await pair(facts, entry.report, own, true);
      turn += 1;
      const next =
        repositories[
          (position + 1 + (turn % Math.max(repositories.length - 1, 1))) % repositories.length
        ];
      const others = next && next.name !== repository.name ? [next] : [];
      const sameLanguage = repositories.find(
        (other) =>
          other.name !== repository.name &&
          other.language === repository.language &&
          !others.includes(other),
      );
      if (sameLanguage) others.push(sameLanguage);
      for (const other of others) await pair(facts, entry.report, other, false);
    }
  }

  const npmCases = [
    ...readDevCases().filter((entry) => entry.kind === 'npm'),
    ...readSharedCases().map(fromSharedCase),
  ].filter((entry) => entry.package && entry.version);
  const specs = [...new Set(npmCases.map((entry) => `${entry.package}@${entry.version}`))].sort();
  const packageOf = async (spec: string): Promise<Repository> => ({
    name: spec,
    dir: (await npmPack(spec)).dir,
    language: 'javascript',
  });
  for (const entry of npmCases) {
    const spec = `${entry.package}@${entry.version}`;
    const facts = {
      id: entry.id,
      kind: 'npm',
      group: caseGroup(entry),
      gold: entry.gold.map((item) => item.file),
    };
    await pair(facts, entry.report, await packageOf(spec), true);
    const other = specs[(specs.indexOf(spec) + 1) % specs.length];
    if (other && other !== spec) await pair(facts, entry.report, await packageOf(other), false);
    turn += 1;
    const repository = repositories[turn % Math.max(repositories.length, 1)];
    if (repository) await pair(facts, entry.report, repository, false);
  }

  const reviewTexts = readFileSync(REVIEWS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, reviews)
    .map((line) => JSON.parse(line) as { title?: string; text: string });
  const targets = [...repositories, ...(await Promise.all(specs.map((spec) => packageOf(spec))))];
  for (const [position, review] of reviewTexts.entries()) {
    const on = targets[position % targets.length];
    if (!on) break;
    const facts = { id: `review-${position + 1}`, kind: 'review', group: on.name, gold: [] };
    await pair(facts, { title: review.title ?? '', body: review.text }, on, false);
  }
  return pairs;
}

/**
 * Corpus cases with their text and tree in the cache, at most `limit` per repository, in file order.
 * @returns repository (`owner/name`) → its cases.
 */
export function corpusByRepository(limit: number): Map<string, DevCase[]> {
  const byRepository = new Map<string, DevCase[]>();
  for (const entry of readCorpusCases().cases) {
    if (!entry.repo || !cachedRepoTree(entry)) continue;
    const list = byRepository.get(entry.repo) ?? [];
    if (list.length < limit) list.push(entry);
    byRepository.set(entry.repo, list);
  }
  return byRepository;
}

async function computePair(
  index: RepositoryIndex,
  text: Report,
  gold: readonly string[],
): Promise<Omit<TiePair, 'id' | 'group' | 'kind' | 'related'>> {
  const report = parseReport(text);
  const packageName = readPackageName(index.root);
  const signals = collectReportSignals(report, index, { packageName });
  const { files } = scoreFiles(index, signals);
  const top = rankFiles(index, files, signals)[0];
  const { features, vocabulary, resolvedFrames } = tieFeatures(
    report,
    index,
    signals,
    top,
    packageName,
  );
  const suspects = localize(report, index, { signals, tieModel: null });
  const cited = async (given: Suspect[]) => {
    const diagnosis = await diagnoseOffline(report, index, { signals, suspects: given });
    const cause = diagnosis.affectedFiles.find((file) => file.role === 'cause');
    return { cause: cause !== undefined, gold: cause !== undefined && gold.includes(cause.path) };
  };
  const judged = await cited(suspects);
  const any = await cited(suspects.map(({ untied: _, ...suspect }) => suspect));
  return {
    features,
    vocabulary,
    resolvedFrames,
    cause: judged.cause,
    goldCause: judged.gold,
    causeAny: any.cause,
    goldCauseAny: any.gold,
  };
}
