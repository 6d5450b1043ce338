/**
 * The history features of the localization cases for training (`readHistoryFeatures` of the
 * localizer, history-features.ts): a git case's history as it stood at the fix's parent, read from
 * its repository's fetched snapshot through a scratch git directory of its own
 * (bench/.cache/history-heads/<owner>+<name>: no objects, the snapshot's as an alternate, HEAD set
 * to the parent), so the snapshot is never written. Cached per case in
 * bench/.cache/localize-history/<code hash>/<case>-<case hash>.json, the code hash covering this
 * module's source closure — not the rows' (localize-features.ts), so a history feature added or
 * changed never recomputes the rows — and joined to the rows by candidate path ({@link withHistory}).
 * A case without a snapshot or a parent (an npm package) has no history: its features are 0, as for
 * a tarball at run time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GitHistory, runGit } from '@sightline/codebase/internal';
import { HISTORY_FEATURES, readHistoryFeatures } from '@sightline/investigator/internal';
import { type DevCase, mirrorGitDir } from './localize-cases.js';
import type { CaseQuery } from './localize-rows.js';
import { sourceClosureHash } from './localize-source-closure.js';
import { BENCH_DIR } from './npm-pack.js';

const ROOT = path.resolve(BENCH_DIR, '..');
const THIS_MODULE = fileURLToPath(import.meta.url);

let codeHash: string | undefined;

/** The cache file of a case's history features. */
function historyFile(entry: DevCase): string {
  codeHash ??= sourceClosureHash(ROOT, THIS_MODULE);
  const caseHash = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 12);
  return path.join(
    BENCH_DIR,
    '.cache',
    'localize-history',
    codeHash,
    `${entry.id}-${caseHash}.json`,
  );
}

/**
 * A history whose HEAD is `revision` of the snapshot `gitDir`: a bare scratch directory of its own
 * (per repository and revision) borrowing the snapshot's objects (objects/info/alternates).
 * @returns the history, or `undefined` when git cannot read the revision.
 */
async function historyAt(
  repo: string,
  gitDir: string,
  revision: string,
): Promise<GitHistory | undefined> {
  // One per revision: cases of one repository read side by side (bench:localize --jobs, a
  // training run beside it) must not move each other's HEAD.
  const scratch = path.join(
    BENCH_DIR,
    '.cache',
    'history-heads',
    `${repo.replace('/', '+')}@${revision}`,
  );
  if (!existsSync(path.join(scratch, 'HEAD'))) {
    await mkdir(scratch, { recursive: true });
    const made = await runGit(scratch, ['init', '--quiet', '--bare', '.']);
    if (!made.ok) return undefined;
  }
  await writeFile(
    path.join(scratch, 'objects', 'info', 'alternates'),
    `${path.resolve(gitDir, 'objects')}\n`,
  );
  await writeFile(path.join(scratch, 'HEAD'), `${revision}\n`);
  const head = await runGit(scratch, ['log', '-1', '--format=%ct', 'HEAD']);
  if (!head.ok) return undefined;
  return {
    root: scratch,
    head: revision,
    headTime: Number(head.stdout.trim()) * 1000,
    shallow: false,
    commitCount: 0,
    countCut: false,
    notes: [],
  };
}

/**
 * A case's history features, from the cache or read (and cached).
 * @param entry - the case.
 * @param mirrors - the folder of fetched snapshots (`<owner>+<name>/repo`); `undefined`: only
 *   cached features are read.
 * @returns path → values in `HISTORY_FEATURES` order (files absent: all 0), or `undefined` when
 *   the case has no history at hand (no repository, no parent, no snapshot, not cached).
 */
export async function caseHistory(
  entry: DevCase,
  mirrors: string | undefined,
): Promise<Map<string, number[]> | undefined> {
  const file = historyFile(entry);
  if (existsSync(file))
    return new Map(
      Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[]>),
    );
  const gitDir = mirrors && entry.repo ? mirrorGitDir(mirrors, entry.repo) : undefined;
  if (!gitDir || !entry.repo || !entry.parent) return undefined;
  const history = await historyAt(entry.repo, gitDir, entry.parent);
  if (!history) return undefined;
  const vectors = await readHistoryFeatures(
    history,
    [entry.report.title, entry.report.body].join('\n'),
  );
  const rounded = Object.fromEntries(
    [...vectors]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, values]) => [name, values.map((value) => Math.round(value * 10_000) / 10_000)]),
  );
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(rounded));
  await rename(temporary, file);
  return new Map(Object.entries(rounded));
}

/**
 * One case's rows with each candidate's history features filled in: the last
 * `HISTORY_FEATURES.length` values of its vector, which the rows leave at 0.
 * @param query - the case's rows, vectors in `RANKING_FEATURES` order.
 * @param history - path → values in `HISTORY_FEATURES` order (`caseHistory`); a path absent, or
 *   no history, gives 0.
 * @returns the rows joined (the query given is not changed).
 */
export function joinHistory(
  query: CaseQuery,
  history: ReadonlyMap<string, readonly number[]> | undefined,
): CaseQuery {
  return {
    ...query,
    candidates: query.candidates.map((candidate) => {
      const values = history?.get(candidate.path) ?? [];
      const base = candidate.features.slice(0, -HISTORY_FEATURES.length);
      return {
        ...candidate,
        features: [...base, ...HISTORY_FEATURES.map((_, at) => values[at] ?? 0)],
      };
    }),
  };
}

/**
 * Every case's rows joined with its history features ({@link joinHistory}).
 * @param queries - the rows, vectors in `RANKING_FEATURES` order.
 * @param cases - the cases, by id.
 * @param mirrors - see {@link caseHistory}.
 * @returns the rows joined, and how many cases had a history.
 */
export async function withHistory(
  queries: readonly CaseQuery[],
  cases: ReadonlyMap<string, DevCase>,
  mirrors: string | undefined,
): Promise<{ queries: CaseQuery[]; withHistory: number }> {
  let found = 0;
  const joined: CaseQuery[] = [];
  for (const query of queries) {
    const entry = cases.get(query.id);
    const history = entry ? await caseHistory(entry, mirrors) : undefined;
    if (history) found += 1;
    joined.push(joinHistory(query, history));
  }
  return { queries: joined, withHistory: found };
}
