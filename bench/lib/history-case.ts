/**
 * bench:history's stages that need a checkout of the fix's parent: the offline localizer's
 * suspects, the fix's bug-introducing commits (SZZ) and the blames of the top suspect ranges. Each
 * is kept in the stage cache (history-cache.ts) under the code it depends on, and the checkout is
 * made only when a stage is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type BlamedRange,
  blameRange,
  blameSuspectRanges,
  type GitHistory,
  openGitHistory,
  prepareCommitGraph,
} from '@sightline/codebase/internal';
import { investigate, type Suspect } from '@sightline/investigator';
import type { CorpusCase } from './corpus.js';
import { cachedStage, hashOf, sourceKey } from './history-cache.js';

/** A corpus case of a git repository. */
export type GitCase = CorpusCase & { repo: string; parent: string };

/**
 * The localizer's code: suspects are kept while the code `investigate` runs (its source closure)
 * is unchanged.
 */
export const LOCALIZER_KEY = sourceKey(['packages/investigator/src/investigate/investigate.ts']);

/**
 * The blame code (blames and bug-introducing commits depend on it only): the closures of the
 * blame modules and of this file, the investigator left out (its localizer is keyed by
 * {@link LOCALIZER_KEY}; no blame stage runs it).
 */
export const BLAME_KEY = sourceKey(
  [
    'packages/codebase/src/history/blame-range.ts',
    'packages/codebase/src/history/blame-suspect-ranges.ts',
    'packages/codebase/src/history/commit-sizes.ts',
    'packages/codebase/src/history/commit-graph.ts',
    'packages/codebase/src/history/open-git-history.ts',
    'bench/lib/history-case.ts',
  ],
  /\/packages\/investigator\//,
);

/**
 * Lines each kept blame reaches past its suspect range on either side: the figures weigh wider
 * ranges (the enclosing code of a suspect) without blaming again, and read the suspect ranges
 * themselves out of the wider blames (a blame attributes each line alone).
 */
export const WIDEN_LINES = 50;

/** Blames of a case's top suspect ranges, as kept. */
export interface KeptBlames {
  /** The suspect ranges, as investigate blames them (read out of `widened`). */
  ranges: BlamedRange[];
  /** The same ranges widened by {@link WIDEN_LINES} on either side (within the file). */
  widened: BlamedRange[];
  /**
   * Per range, when every line of it is older than the history blamed (no candidate): the
   * widened range blamed over all history; otherwise null.
   */
  deep: (BlamedRange | null)[];
  commitFiles: [string, number][];
  blameMs: number;
  /** HEAD's time (the report time the ranking uses), in ms since the epoch. */
  headTime: number;
}

function gitSync(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    ...(input === undefined ? {} : { input }),
    env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

/**
 * Snapshots leave out their largest blobs; a checkout that needs one fails. Those files (data,
 * media) are left out of the work tree through a sparse checkout instead.
 */
function sparseWithoutMissingBlobs(clone: string, revision: string): void {
  mkdirSync(path.join(clone, '.git', 'info'), { recursive: true });
  const entries = gitSync(clone, ['ls-tree', '-r', '-z', '--full-tree', revision])
    .split('\0')
    .map((line) => /^\d+ blob ([0-9a-f]+)\t([\s\S]*)$/.exec(line))
    .filter((match) => match !== null);
  const checked = gitSync(
    clone,
    ['cat-file', '--batch-check'],
    entries.map((match) => match[1]).join('\n'),
  );
  const missing = checked
    .split('\n')
    .map((line, at) => (line.endsWith(' missing') ? entries[at]?.[2] : undefined))
    .filter((file) => file !== undefined);
  gitSync(clone, ['config', 'core.sparseCheckout', 'true']);
  const patterns = ['/*', ...missing.map((file) => `!/${file.replace(/([*?[\]!#\\])/g, '\\$1')}`)];
  writeFileSync(path.join(clone, '.git', 'info', 'sparse-checkout'), `${patterns.join('\n')}\n`);
}

/**
 * A work tree of the case's repository at the fix's parent (a `--shared` clone of the snapshot
 * under `work`, reused across the repository's cases).
 */
export function checkout(caseItem: GitCase, mirror: string, work: string): string {
  const clone = path.join(work, caseItem.repo.replace('/', '+'));
  if (!existsSync(clone)) {
    mkdirSync(work, { recursive: true });
    gitSync(work, ['clone', '-q', '--shared', '--no-checkout', mirror, clone]);
  }
  try {
    gitSync(clone, ['checkout', '-q', '-f', '--detach', caseItem.parent]);
  } catch {
    sparseWithoutMissingBlobs(clone, caseItem.parent);
    try {
      gitSync(clone, ['checkout', '-q', '-f', '--detach', caseItem.parent]);
    } catch (error) {
      // git may still complain of the left-out blobs after writing the tree; the tree counts.
      if (gitSync(clone, ['rev-parse', 'HEAD']).trim() !== caseItem.parent) throw error;
    }
  }
  gitSync(clone, ['clean', '-q', '-f', '-d', '-x', '-e', '.sightline']);
  return clone;
}

/**
 * The checkout's history with the commit-graph blame reads (one per repository and shard, kept
 * in the bench cache, as investigate keeps one per checkout).
 */
export async function openCaseHistory(
  caseItem: GitCase,
  clone: string,
  work: string,
): Promise<GitHistory> {
  const opened = await openGitHistory(clone);
  if (!opened.history) throw new Error(`no history: ${opened.reason}`);
  const graph = await prepareCommitGraph(opened.history, {
    dir: path.join(work, 'commit-graph', caseItem.repo.replace('/', '+')),
  });
  if (graph.state === 'written') {
    process.stderr.write(
      `${caseItem.repo}: commit-graph written in ${Math.round(graph.writeMs)} ms\n`,
    );
  }
  return graph.history;
}

/**
 * The offline suspects of a case, as investigate ranks them with history off (`suspects` stage)
 * or on (`suspects-history`: the learned ranking then reads each file's bug-fix frequency and
 * recency and its commit messages' match with the report, history-features.ts).
 */
export function caseSuspects(
  caseItem: GitCase,
  clone: () => string,
  work: string,
  { history = false }: { history?: boolean } = {},
): Promise<Suspect[]> {
  return cachedStage(
    history ? 'suspects-history' : 'suspects',
    LOCALIZER_KEY,
    caseItem.id,
    async () => {
      const { suspects } = await investigate({
        repo: clone(),
        report: `${caseItem.report.title}\n${caseItem.report.body}`,
        history,
        suspectLimit: 30,
        // One index cache per repository: a checkout rewrites only the files that differ, so the
        // next case of the same repository re-parses only those.
        cacheDir: path.join(work, 'index', caseItem.repo.replace('/', '+')),
      });
      return suspects;
    },
  );
}

/**
 * The fix's bug-introducing commits (Śliwerski et al. 2005): those that last changed, at the
 * parent, the lines the fix changed.
 */
export function introducingCommits(
  caseItem: GitCase,
  history: () => Promise<GitHistory>,
): Promise<string[]> {
  return cachedStage('szz', BLAME_KEY, caseItem.id, async () => {
    const opened = await history();
    const found = new Set<string>();
    for (const entry of caseItem.gold) {
      for (const range of entry.changed ?? []) {
        const blame = await blameRange(opened, entry.file, range);
        for (const commit of blame?.commits ?? []) found.add(commit.id);
      }
    }
    return [...found];
  });
}

/**
 * The blame of `lines` read out of a blame of a range holding them (commits most lines first,
 * ties newer first, as blame-range.ts orders them).
 */
export function narrowBlame(wide: BlamedRange, lines: [number, number]): BlamedRange {
  const commits = wide.commits
    ?.map((commit) => {
      const lineNumbers = (commit.lineNumbers ?? []).filter(
        (line) => line >= lines[0] && line <= lines[1],
      );
      return { ...commit, lines: lineNumbers.length, lineNumbers };
    })
    .filter((commit) => commit.lines > 0)
    .sort((a, b) => b.lines - a.lines || b.time - a.time);
  return { path: wide.path, lines, commits: commits ?? null };
}

/** Lines of a work-tree file (0 when it cannot be read). */
function lineCount(root: string, file: string): number {
  try {
    const text = readFileSync(path.join(root, file), 'utf8');
    return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  } catch {
    return 0;
  }
}

/** The blames of the top suspect ranges, as investigate blames them, and widened. */
export function caseBlames(
  caseItem: GitCase,
  top: readonly Suspect[],
  history: () => Promise<GitHistory>,
): Promise<KeptBlames> {
  const ranges = top.map((suspect) => ({ path: suspect.path, lines: suspect.lines }));
  const key = hashOf(BLAME_KEY, String(WIDEN_LINES), JSON.stringify(ranges));
  return cachedStage('blames', key, caseItem.id, async () => {
    const opened = await history();
    const wide = ranges.map((range) => {
      const end = Math.max(range.lines[1], lineCount(opened.root, range.path));
      return {
        path: range.path,
        lines: [
          Math.max(1, range.lines[0] - WIDEN_LINES),
          Math.min(end, range.lines[1] + WIDEN_LINES),
        ] as [number, number],
      };
    });
    const blamed = await blameSuspectRanges(opened, wide);
    const exact = blamed.ranges.map((range, at) =>
      narrowBlame(range, ranges[at]?.lines ?? range.lines),
    );
    const old = wide.filter((_, at) => {
      const commits = exact[at]?.commits;
      return commits && commits.length > 0 && commits.every((commit) => commit.boundary);
    });
    const deep = await blameSuspectRanges(opened, old, { historyDays: null });
    return {
      ranges: exact,
      widened: blamed.ranges,
      deep: wide.map((range) => deep.ranges[old.indexOf(range)] ?? null),
      commitFiles: [...blamed.commitFiles, ...deep.commitFiles],
      blameMs: blamed.blameMs,
      headTime: opened.headTime,
    };
  });
}
