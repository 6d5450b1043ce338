/**
 * `npm run bench:history` (issue #31): what git history adds, on the corpus of real fixes
 * (bench/corpus/cases.jsonl, report texts from `npm run corpus:fill`, histories from the fetched
 * snapshots in /work/.mirror). In stages, each kept in bench/.cache/history/<stage> under what it
 * depends on (history-cache.ts), so a re-run measures only what changed:
 *
 * 1. windows: every case's report is resolved to a regression window in the snapshot at the fix's
 *    parent (no checkout, no localizer); a regression-report candidate (it names a good and a bad
 *    version, or a commit) whose window does not resolve is counted with the reason and goes no
 *    further;
 * 2. per measured case, in a checkout of the parent (`--shared` clones in bench/.cache/history):
 *    the offline localizer's suspects, history off and on; the fix's bug-introducing commits (Śliwerski et al. 2005:
 *    the commits that last changed the lines the fix changed, blamed at the parent); the blames of
 *    the top-10 suspect ranges as investigate blames them, widened by 50 lines, and over all
 *    history where every line is older than the history blamed (history-case.ts);
 * 3. figures, from what is kept: regression set Acc@1/@5 of the suspects without and with history
 *    (with it, investigate's learned ranking reads each file's history features)
 *    and what a window signal could reach (bench/lib/window-reach.ts); the rest; SZZ
 *    top-3 (the suspect-commit model fitted leave-one-repository-out, bench/lib/szz-fit.ts); the blame
 *    time of the ranges investigate blames on histories of ≥ 10,000 commits, from the last timing run.
 *
 * Measuring order: regression cases whose window resolved, then 12 cases on histories of ≥ 10,000
 * commits (repositories in turn), then 48 more cases (repositories in turn, so "the rest" holds
 * ≥ 60) — all always measured to the end, as the targets count them — then the rest, repositories
 * in turn, while `HISTORY_BENCH_MINUTES` (default 40; `all`: no limit) of
 * new work have not passed. `HISTORY_BENCH_SHARD=k/n` measures the k-th of n shares of the
 * repositories, balanced by their cases (shards fill the cache side by side, and each clones,
 * indexes and writes a commit-graph only for its own repositories; each resolves the windows from its own n-th of the corpus onwards, so
 * shards started together share that stage too);
 * `HISTORY_BENCH_PART=figures` measures no new case (the figures of the kept ones);
 * `HISTORY_BENCH_PART=timing` re-times the blames of the measured cases on long histories (run it
 * at normal priority on a quiet machine). `HISTORY_BENCH_MIRRORS` is the folder of the snapshots
 * (default /work/.mirror).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findSuspectCommits, findVersionMentions } from '@sightline/codebase';
import {
  type BlamedRange,
  blamedCommitIds,
  SUSPECT_COMMIT_MODEL,
} from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import type { Suspect } from '@sightline/investigator';
import { BLAMED_SUSPECTS, blamedSuspects } from '@sightline/investigator/internal';
import { failUsage } from './lib/command-line.js';
import { readCommitReportMatch } from './lib/commit-report-match.js';
import { type CorpusCase, readCorpusCases } from './lib/corpus.js';
import { frameLinesOf } from './lib/frame-lines.js';
import {
  cachedStage,
  HISTORY_CACHE,
  keepStage,
  readStage,
  sourceKey,
} from './lib/history-cache.js';
import {
  BLAME_KEY,
  caseBlames,
  caseSuspects,
  checkout,
  type GitCase,
  introducingCommits,
  LOCALIZER_KEY,
  narrowBlame,
  openCaseHistory,
  WIDEN_LINES,
} from './lib/history-case.js';
import { parseShard } from './lib/history-shard.js';
import {
  historyAt,
  type KeptWindow,
  resolveWindow,
  type WindowOutcome,
} from './lib/history-windows.js';
import { accuracy, rankOf } from './lib/localize-metrics.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  type BenchResults,
  type Figure,
  fraction,
  markdownTable,
  msFigure,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import {
  crossValidatedSzz,
  fitSuspectCommitModel,
  type SzzCase,
  szzHit,
  szzReachable,
} from './lib/szz-fit.js';
import { windowReach } from './lib/window-reach.js';

const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'history.json');
const USAGE =
  'Usage: [HISTORY_BENCH_SHARD=k/n] [HISTORY_BENCH_PART=regression|large|rest|timing|figures] [HISTORY_BENCH_MINUTES=40|all] [HISTORY_BENCH_MIRRORS=/work/.mirror] npm run bench:history';
/** The folder of the fetched snapshots, `<owner>+<name>/repo` each (the search tool's `fetch`). */
const MIRRORS = process.env.HISTORY_BENCH_MIRRORS || '/work/.mirror';
if (!existsSync(MIRRORS)) {
  failUsage(
    `HISTORY_BENCH_MIRRORS: no folder ${MIRRORS}; give the folder of the fetched snapshots`,
    USAGE,
  );
}
const SHARD = (() => {
  try {
    return parseShard(process.env.HISTORY_BENCH_SHARD);
  } catch (error) {
    return failUsage((error as Error).message, USAGE);
  }
})();
/** Work trees and index caches of this process (shards each check out their own). */
const WORK = path.join(HISTORY_CACHE, SHARD ? `shard-${SHARD.k}` : '.');
const MINUTES = process.env.HISTORY_BENCH_MINUTES ?? '40';
if (MINUTES !== 'all' && !(Number(MINUTES) >= 0)) {
  failUsage(`HISTORY_BENCH_MINUTES must be a number of minutes or all (got ${MINUTES})`, USAGE);
}
/** New work allowed on the rest (the regression and long-history parts are always measured). */
const BUDGET_MS = MINUTES === 'all' ? Number.POSITIVE_INFINITY : Number(MINUTES) * 60_000;
const PART = process.env.HISTORY_BENCH_PART;
if (PART !== undefined && !['regression', 'large', 'rest', 'timing', 'figures'].includes(PART)) {
  failUsage(
    `HISTORY_BENCH_PART must be regression, large, rest, timing or figures (got ${PART})`,
    USAGE,
  );
}
/**
 * The window code: a case's window is kept while the code it runs (the source closures of the
 * window search and of the bench's window stage) is unchanged.
 */
const WINDOW_KEY = sourceKey([
  'packages/codebase/src/history/regression-window.ts',
  'bench/lib/history-windows.ts',
]);
process.stderr.write(
  `keys: localizer ${LOCALIZER_KEY}, blame ${BLAME_KEY}, window ${WINDOW_KEY}\n`,
);

const isGitCase = (item: CorpusCase): item is GitCase =>
  item.repo !== undefined && item.parent !== undefined;

function mirrorOf(repo: string): string {
  return path.join(MIRRORS, repo.replace('/', '+'), 'repo');
}

const textOf = (item: GitCase) => `${item.report.title}\n${item.report.body}`;

const isRegressionReport = (text: string) => {
  const mentions = findVersionMentions(text);
  return (
    mentions.some((mention) => mention.kind === 'commit') ||
    (mentions.some((mention) => mention.side === 'good') &&
      mentions.some((mention) => mention.side === 'bad'))
  );
};

const caseWindow = (item: GitCase) =>
  cachedStage<KeptWindow>('windows', WINDOW_KEY, item.id, () =>
    resolveWindow(mirrorOf(item.repo), item.parent, textOf(item)),
  );

/**
 * Suspect ranges whose blames are kept: at least as many as investigate blames, so the figures
 * can weigh blaming fewer or more ranges without blaming again.
 */
const KEPT_RANGES = Math.max(10, BLAMED_SUSPECTS);

/**
 * Of a case's kept ranges (parallel to its first {@link KEPT_RANGES} suspects), those investigate
 * blames: its first code suspects (`blamedSuspects`; demoted files left out). A case with fewer
 * code suspects among the kept ranges gets those only (investigate would reach further down).
 */
function blamedOf<T>(suspects: readonly Suspect[], kept: readonly T[]): T[] {
  const top = suspects.slice(0, KEPT_RANGES);
  return blamedSuspects(top).flatMap((suspect) => {
    const range = kept[top.indexOf(suspect)];
    return range === undefined ? [] : [range];
  });
}

/**
 * How well each blamed commit's own change matches the report, as investigate scores it, read
 * from the snapshot at the fix's parent (no checkout; a few seconds for all cases, not kept).
 */
function reportMatchOf(item: GitCase, ranges: readonly BlamedRange[]) {
  return readCommitReportMatch(
    historyAt(mirrorOf(item.repo), item.parent),
    textOf(item),
    blamedCommitIds(ranges),
    [...new Set(ranges.map((range) => range.path))],
  );
}

/**
 * The name in the repository's root package.json at `revision`, if it has one (a frame inside
 * `node_modules/<it>/` is the repository's own code, as investigate reads it).
 */
function packageNameAt(repo: string, revision: string): string | undefined {
  try {
    const text = execFileSync('git', ['show', `${revision}:package.json`], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const { name } = JSON.parse(text) as { name?: unknown };
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The lines the report's stack frames name in the ranges' files, as investigate reads them. */
const caseFrameLines = (item: GitCase, ranges: readonly { path: string }[]) =>
  frameLinesOf(
    parseReport(textOf(item)),
    ranges.map((range) => range.path),
    packageNameAt(mirrorOf(item.repo), item.parent),
  );

/** Everything measured for a case, from the stage cache. */
interface Measured {
  item: GitCase;
  window: KeptWindow;
  regression: boolean;
  suspects: Suspect[];
  /** The suspects as investigate ranks them with history on (its learned history features). */
  suspectsWithHistory: Suspect[];
  introducing: string[];
  blames: Awaited<ReturnType<typeof caseBlames>>;
}

/** Measures (or reads back) one case's checkout stages. */
async function measureCase(item: GitCase, window: KeptWindow): Promise<Measured> {
  let clone: string | undefined;
  const cloned = () => {
    clone ??= checkout(item, mirrorOf(item.repo), WORK);
    return clone;
  };
  let history: ReturnType<typeof openCaseHistory> | undefined;
  const opened = () => {
    history ??= openCaseHistory(item, cloned(), WORK);
    return history;
  };
  const suspects = await caseSuspects(item, cloned, WORK);
  const suspectsWithHistory = await caseSuspects(item, cloned, WORK, { history: true });
  const introducing = await introducingCommits(item, opened);
  const blames = await caseBlames(item, suspects.slice(0, KEPT_RANGES), opened);
  return {
    item,
    window,
    regression: isRegressionReport(textOf(item)),
    suspects,
    suspectsWithHistory,
    introducing,
    blames,
  };
}

/** Re-times investigate's blame of its suspect ranges (a fresh measurement, kept for the figure). */
async function timeCase(item: GitCase, measured: Measured) {
  const clone = checkout(item, mirrorOf(item.repo), WORK);
  const history = await openCaseHistory(item, clone, WORK);
  const started = performance.now();
  const ranges = blamedSuspects(measured.suspects);
  const found = await findSuspectCommits(history, ranges, {
    frameLines: caseFrameLines(item, ranges),
    matchReport: (ids, paths) => readCommitReportMatch(history, textOf(item), ids, paths),
    ...(measured.window.windowCommits
      ? { windowCommits: new Set(measured.window.windowCommits) }
      : {}),
  });
  const totalMs = performance.now() - started;
  return keepStage('blame-time', BLAME_KEY, item.id, {
    blameMs: found.blameMs,
    totalMs,
    load: os.loadavg()[0],
    at: new Date().toISOString(),
  });
}

/** Cases timed for the blame figure (besides regression cases on long histories). */
const LARGE_CASES = 12;
/**
 * Cases without a resolved window always measured besides the long-history ones (repositories in
 * turn), so "the rest" holds at least 60 cases; more are measured within the budget.
 */
const REST_CASES = 60 - LARGE_CASES;

/** Cases reordered to take each repository's first case, then each one's second, and so on. */
function roundRobin(cases: readonly GitCase[]): GitCase[] {
  const seen = new Map<string, number>();
  const turn = cases.map((item) => {
    const at = seen.get(item.repo) ?? 0;
    seen.set(item.repo, at + 1);
    return { item, at };
  });
  return turn.sort((a, b) => a.at - b.at).map(({ item }) => item);
}

/**
 * Repositories split into `shards` shares of about as many cases each (each repository, in order
 * of its first case, to the share with the fewest cases so far).
 * @returns repository → 0-based share.
 */
function shardRepositories(order: readonly { item: GitCase }[], shards: number) {
  const cases = new Map<string, number>();
  for (const { item } of order) cases.set(item.repo, (cases.get(item.repo) ?? 0) + 1);
  const load = Array.from({ length: shards }, () => 0);
  const shardOf = new Map<string, number>();
  for (const [repo, count] of cases) {
    const least = load.indexOf(Math.min(...load));
    shardOf.set(repo, least);
    load[least] = (load[least] ?? 0) + count;
  }
  return shardOf;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
/** Acc@1 and Acc@5 of 1-based ranks (0: the fix is not ranked), as result figures. */
const accFigures = (ranks: readonly number[]) => ({
  acc1: fraction(accuracy(ranks, 1)),
  acc5: fraction(accuracy(ranks, 5)),
});

/**
 * The rank of a measured case's first fixed file among its suspects (0: not among them), ranked
 * with history off, or on.
 */
const rankOfCase = (entry: Measured, withHistory = false) =>
  rankOf(
    (withHistory ? entry.suspectsWithHistory : entry.suspects).map((suspect) => suspect.path),
    entry.item.gold,
  );

/**
 * The blame figures of the last timing run, as the previous results hold them (a cache without
 * timings — a new machine, a re-run at low priority — keeps the figure measured on a quiet one).
 */
async function lastTimedFigures(): Promise<{ blameTop5?: Figure; suspectCommitsTop5?: Figure }> {
  try {
    const previous = JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as BenchResults;
    const { blameTop5, suspectCommitsTop5 } = previous.figures as Record<
      string,
      Figure | undefined
    >;
    return {
      ...(blameTop5 ? { blameTop5 } : {}),
      ...(suspectCommitsTop5 ? { suspectCommitsTop5 } : {}),
    };
  } catch {
    return {};
  }
}

async function main() {
  const started = Date.now();
  const usable = readCorpusCases()
    .cases.filter(isGitCase)
    .filter((item) => existsSync(mirrorOf(item.repo)));
  // Stage 1: every case's window (seconds each; kept), each shard from its own n-th onwards.
  const windows = new Map<string, KeptWindow>();
  const from = SHARD ? Math.floor(((SHARD.k - 1) * usable.length) / SHARD.n) : 0;
  for (const item of [...usable.slice(from), ...usable.slice(0, from)]) {
    windows.set(item.id, await caseWindow(item));
  }
  const candidates = usable.filter((item) => isRegressionReport(textOf(item)));
  const outcomes = new Map<WindowOutcome, number>();
  for (const item of candidates) {
    const outcome = windows.get(item.id)?.outcome ?? 'no mention';
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  const resolved = candidates.filter((item) => windows.get(item.id)?.outcome === 'resolved');
  process.stderr.write(
    `${candidates.length} regression-report candidates: ${JSON.stringify(Object.fromEntries(outcomes))}\n`,
  );
  // The blame-time cases: up to LARGE_CASES on histories of ≥ 10,000 commits, taking the
  // repositories in turn.
  const large = roundRobin(
    usable.filter(
      (item) => !resolved.includes(item) && (windows.get(item.id)?.historyCommits ?? 0) >= 10_000,
    ),
  ).slice(0, LARGE_CASES);
  const order = [
    ...resolved.map((item) => ({ part: 'regression', item })),
    ...large.map((item) => ({ part: 'large', item })),
    ...roundRobin(usable.filter((item) => !resolved.includes(item) && !large.includes(item))).map(
      (item, at) => ({ part: at < REST_CASES ? 'rest' : 'more', item }),
    ),
  ];
  // Stage 2: the checkout stages, within the budget (kept cases cost nothing).
  const measured: Measured[] = [];
  const failed: string[] = [];
  const measuring = order.filter(
    (entry) =>
      PART === undefined ||
      PART === 'timing' ||
      PART === 'figures' ||
      entry.part === PART ||
      (PART === 'rest' && entry.part === 'more'),
  );
  const shardOf = SHARD ? shardRepositories(measuring, SHARD.n) : undefined;
  for (const { part, item } of measuring) {
    if (SHARD && shardOf?.get(item.repo) !== SHARD.k - 1) continue;
    const kept = readStage<Suspect[]>('suspects', LOCALIZER_KEY, item.id) !== undefined;
    const overBudget = part === 'more' && Date.now() - started > BUDGET_MS;
    if (!kept && (PART === 'timing' || PART === 'figures' || overBudget)) continue;
    const window = windows.get(item.id);
    if (!window) continue;
    try {
      const result = await measureCase(item, window);
      measured.push(result);
      if (PART === 'timing' && window.historyCommits >= 10_000) {
        const timing = await timeCase(item, result);
        process.stderr.write(`${item.id}: blame ${Math.round(timing.blameMs)} ms\n`);
      }
      if (!kept) process.stderr.write(`${item.id}: measured (${part})\n`);
    } catch (error) {
      failed.push(item.id);
      process.stderr.write(`${item.id}: failed (${String(error).split('\n')[0]})\n`);
    }
  }
  if (SHARD || (PART && PART !== 'figures')) return;
  await report({ measured, failed, usable, candidates, outcomes, started });
}

interface ReportInput {
  measured: Measured[];
  failed: string[];
  usable: GitCase[];
  candidates: GitCase[];
  outcomes: Map<WindowOutcome, number>;
  started: number;
}

async function report({ measured, failed, usable, candidates, outcomes, started }: ReportInput) {
  const hasWindow = (entry: Measured) =>
    entry.window.outcome === 'resolved' && entry.window.files !== undefined;
  const regressionSet = measured.filter((entry) => entry.regression && hasWindow(entry));
  const rest = measured.filter((entry) => !(entry.regression && hasWindow(entry)));
  const regressionRanks = regressionSet.map((entry) => rankOfCase(entry));
  const restRanks = rest.map((entry) => rankOfCase(entry));
  const regressionRanksWith = regressionSet.map((entry) => rankOfCase(entry, true));
  const restRanksWith = rest.map((entry) => rankOfCase(entry, true));
  // What any weighting of "the window changed this suspect's file" could do at rank 1.
  const reach = regressionSet.map((entry) =>
    windowReach({
      suspects: entry.suspects,
      gold: entry.item.gold.map((gold) => gold.file),
      windowFiles: new Map(entry.window.files),
    }),
  );
  const count = (flag: 'holdsFix' | 'canLift' | 'canDemote') =>
    reach.filter((entry) => entry[flag]).length;
  const windowFiles = median(regressionSet.map((entry) => entry.window.files?.length ?? 0));
  const acc = (without: readonly number[], withHistory: readonly number[], k: number) =>
    `${pct(accuracy(without, k))} → ${pct(accuracy(withHistory, k))}`;
  // SZZ: fixes whose changed lines blame to a commit at the parent.
  const szzCases: SzzCase[] = [];
  for (const entry of measured.filter((item) => item.introducing.length > 0)) {
    const ranges = blamedOf(entry.suspects, entry.blames.ranges);
    szzCases.push({
      repo: entry.item.repo,
      reportedAt: entry.blames.headTime,
      ranges,
      commitFiles: new Map(entry.blames.commitFiles),
      reportMatch: await reportMatchOf(entry.item, ranges),
      frameLines: caseFrameLines(entry.item, ranges),
      ...(entry.window.windowCommits && hasWindow(entry)
        ? { windowCommits: new Set(entry.window.windowCommits) }
        : {}),
      introducing: new Set(entry.introducing),
    });
  }
  // As investigate ranks them: it reads neither the report match nor the frame lines. Unlike
  // investigate, commits after a window's bad end (later than it, or not its ancestors) are not
  // dropped: the kept windows hold no times, and the figures rank kept blames without git.
  const asInvestigated = szzCases.map(
    ({ reportMatch: _match, frameLines: _frames, ...item }): SzzCase => item,
  );
  const heldOutHits = (cases: readonly SzzCase[]) =>
    crossValidatedSzz(cases).filter((entry) => entry.hit).length;
  const shippedHits = asInvestigated.filter((item) => szzHit(item)).length;
  const reachable = szzCases.filter(szzReachable).length;
  const szzCvHits = heldOutHits(asInvestigated);
  const withReportHits = heldOutHits(szzCases);
  const modelFitted = fitSuspectCommitModel(asInvestigated, {
    fitted: `bench:history SZZ set, ${szzCases.length} fixes of ${new Set(szzCases.map((item) => item.repo)).size} repositories, ${new Date().toISOString().slice(0, 10)}`,
  });
  const share = (hits: number) => (szzCases.length ? hits / szzCases.length : 0);
  // The same fixes with the ranges blamed before (the top 5, demoted files included), held out.
  const szzEntries = measured.filter((item) => item.introducing.length > 0);
  const before = heldOutHits(
    asInvestigated.map((item, at) => ({
      ...item,
      ranges: szzEntries[at]?.blames.ranges.slice(0, 5) ?? [],
    })),
  );
  // Ceilings of wider blames, from the kept ones: each range widened by WIDEN_LINES on either
  // side, and a range whose lines are all older than the history blamed, blamed over all of it.
  const reachableWith = (ranges: (entry: Measured) => BlamedRange[]) =>
    szzEntries.filter((entry) =>
      szzReachable({ ranges: ranges(entry), introducing: new Set(entry.introducing) }),
    ).length;
  const reachableWidened = reachableWith((entry) => blamedOf(entry.suspects, entry.blames.widened));
  const reachableDeep = reachableWith((entry) => {
    const deep = blamedOf(entry.suspects, entry.blames.deep);
    return blamedOf(entry.suspects, entry.blames.ranges).map((range, at) => {
      const wide = deep[at];
      return wide ? narrowBlame(wide, range.lines) : range;
    });
  });
  // Blame time: the last timing run of the measured cases on long histories.
  const timings = measured
    .filter((entry) => entry.window.historyCommits >= 10_000)
    .flatMap((entry) => {
      const timing = readStage<{ blameMs: number; totalMs: number; load: number }>(
        'blame-time',
        BLAME_KEY,
        entry.item.id,
      );
      return timing ? [timing] : [];
    });
  const blameMedian = median(timings.map((timing) => timing.blameMs));
  const totalMedian = median(timings.map((timing) => timing.totalMs));
  const loads = timings.map((timing) => timing.load);
  const loadRange = loads.length
    ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
    : 'n/a';
  const blameFigures: { blameTop5?: Figure; suspectCommitsTop5?: Figure } = timings.length
    ? {
        blameTop5: {
          ...msFigure(
            blameMedian,
            `median over ${timings.length} cases on histories of >= 10,000 commits; 1-minute load ${loadRange}`,
          ),
          statistic: 'median' as const,
          runs: timings.length,
        },
        suspectCommitsTop5: msFigure(totalMedian, 'blame plus commit sizes, median'),
      }
    : await lastTimedFigures();
  const { blameTop5 } = blameFigures;
  const languages = [...new Set(regressionSet.map((entry) => entry.item.language))].sort();
  const outcomeText = [...outcomes]
    .sort((a, b) => b[1] - a[1])
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  await writeResults('history', {
    inputs: {
      corpus: 'bench/corpus/cases.jsonl',
      commands: [
        'HISTORY_BENCH_MINUTES=0 HISTORY_BENCH_SHARD=1/2 nice -n 15 npm run bench:history  # and 2/2 beside it',
        'HISTORY_BENCH_MINUTES=0 HISTORY_BENCH_PART=large nice -n 15 npm run bench:history  # then PART=rest, beside the shards',
        'HISTORY_BENCH_PART=timing npm run bench:history  # normal priority',
        'HISTORY_BENCH_PART=figures nice -n 15 npm run bench:history',
      ],
      casesAvailable: usable.length,
      casesMeasured: measured.length,
      regressionCandidates: candidates.length,
      candidateOutcomes: Object.fromEntries(outcomes),
      failed,
      minutes: Math.round((Date.now() - started) / 6000) / 10,
      suspectCommitModelShipped: SUSPECT_COMMIT_MODEL,
      suspectCommitModelFitted: modelFitted,
      blameTimingLoads: loads,
      cases: measured.map((entry) => ({
        id: entry.item.id,
        repo: entry.item.repo,
        language: entry.item.language,
        historyCommits: entry.window.historyCommits,
        regressionReport: entry.regression,
        window: entry.window.outcome === 'resolved' ? entry.window.refs : entry.window.outcome,
        windowFiles: hasWindow(entry) ? (entry.window.files?.length ?? 0) : null,
        ...(hasWindow(entry)
          ? {
              windowReach: windowReach({
                suspects: entry.suspects,
                gold: entry.item.gold.map((gold) => gold.file),
                windowFiles: new Map(entry.window.files),
              }),
            }
          : {}),
        rank: rankOfCase(entry),
        rankWithHistory: rankOfCase(entry, true),
        introducing: entry.introducing.length,
      })),
    },
    figures: {
      regression: {
        cases: { value: regressionSet.length, unit: 'cases' },
        ...accFigures(regressionRanks),
        withHistory: accFigures(regressionRanksWith),
        windowHoldsFix: fraction(
          regressionSet.length ? count('holdsFix') / regressionSet.length : 0,
        ),
        windowFilesMedian: { value: windowFiles, unit: 'files' },
        windowCanLift: { value: count('canLift'), unit: 'cases' },
        windowCanDemote: { value: count('canDemote'), unit: 'cases' },
      },
      rest: {
        cases: { value: rest.length, unit: 'cases' },
        ...accFigures(restRanks),
        withHistory: accFigures(restRanksWith),
      },
      szz: {
        cases: { value: szzCases.length, unit: 'cases' },
        top3: fraction(share(shippedHits)),
        top3CrossValidated: fraction(share(szzCvHits)),
        reachable: fraction(share(reachable)),
        top3CrossValidatedWithReportMatch: fraction(share(withReportHits)),
        top3CrossValidatedBefore: fraction(share(before)),
        reachableWidened: fraction(share(reachableWidened)),
        reachableDeep: fraction(share(reachableDeep)),
      },
      ...blameFigures,
    },
  });
  await updateReadmeTable(
    'history',
    `${markdownTable(
      ['figure', 'value', 'target'],
      [
        [
          `regression set: cases (window resolved; languages ${languages.join(', ')})`,
          regressionSet.length,
          '≥ 40',
        ],
        [
          'regression set Acc@1 without → with history',
          acc(regressionRanks, regressionRanksWith, 1),
          '+15 points',
        ],
        [
          'regression set Acc@5 without → with history',
          acc(regressionRanks, regressionRanksWith, 5),
          'no loss',
        ],
        [
          "regression set: the window's files hold a fixed file / files per window (median)",
          `${pct(regressionSet.length ? count('holdsFix') / regressionSet.length : 0)} / ${windowFiles}`,
          '',
        ],
        [
          'regression set: cases a window signal could lift to first / could demote from first (any weight)',
          `${count('canLift')} / ${count('canDemote')}`,
          '',
        ],
        [
          `the rest (${rest.length} cases, ${rest.filter(hasWindow).length} with a window) Acc@1`,
          acc(restRanks, restRanksWith, 1),
          'no loss',
        ],
        ['the rest Acc@5', acc(restRanks, restRanksWith, 5), 'no loss'],
        ['SZZ set: cases', szzCases.length, '≥ 60'],
        [
          'SZZ: bug-introducing commit in the top 3 suspect commits (shipped model)',
          pct(share(shippedHits)),
          '≥ 60 %',
        ],
        [
          'SZZ top 3, model fitted leave-one-repository-out / any blamed commit introducing',
          `${pct(share(szzCvHits))} / ${pct(share(reachable))}`,
          '≥ 60 %',
        ],
        [
          `SZZ top 3 held out with the report match and frame lines (bench only) / with the top-5 ranges, demoted files included / any blamed commit introducing with the ranges widened by ${WIDEN_LINES} lines / with old ranges blamed over all history`,
          `${pct(share(withReportHits))} / ${pct(share(before))} / ${pct(share(reachableWidened))} / ${pct(share(reachableDeep))}`,
          '',
        ],
        [
          timings.length
            ? `blame of the top-${BLAMED_SUSPECTS} suspect ranges, median (${timings.length} cases, ≥ 10,000 commits)`
            : `blame of the suspect ranges, median, last timing run (${blameTop5?.runs ?? 0} cases, ≥ 10,000 commits; see below)`,
          blameTop5 ? `${Math.round(blameTop5.value)} ms` : 'not timed',
          '< 1,000 ms',
        ],
      ],
    )}\n\n${candidates.length} of ${usable.length} corpus reports name a good and a bad version or a commit; their windows: ${outcomeText}. ${measured.length} cases measured (regression cases first, then histories of ≥ 10,000 commits, then the rest with repositories in turn); ${failed.length} failed. Localization is the offline localizer at each fix's parent as investigate runs it with history off (\`--no-history\`) and on: on, its learned ranking reads each file's bug-fix frequency and recency and its commit messages' match with the report (history-features.ts); the regression window does not re-rank it (it is shown with its commits touching the suspects, and weighs suspect commits; its file signal was removed when its weight fitted on Acc@1 and MRR held out by repository came out 0, see below), and a signal "the window changed this file" can lift the fixed file to first in only ${count('canLift')} of ${regressionSet.length} cases however it is weighted (a window changes ${windowFiles} files at the median, most of the suspects ahead of the fixed file among them), against ${count('canDemote')} it could demote. SZZ commits are blamed at the parent from the lines each fix changed; suspect commits are ranked by a pairwise logistic ranker over their features (suspect-commit-features.ts, suspect-commit-model.ts: share of the suspect ranges last changed, lines, the ranges' rank, age and order by age at the report, files changed, bulk, fix-like, formatting, release, move/rename and merge subjects, inside the window, the report's match with the commit's own change, a stack frame's line last changed, the newest of a range's commits), fitted leave-one-repository-out for the held-out figure (as investigate ranks: without the report match and the frame lines, which only bench:history computes); fitted on all, the weights per standardized feature are ${JSON.stringify(Object.fromEntries(modelFitted.features.map((name, at) => [name, modelFitted.weights[at]])))} (shipped: version ${SUSPECT_COMMIT_MODEL.version}, ${SUSPECT_COMMIT_MODEL.fitted}). Blame time: \`HISTORY_BENCH_PART=timing npm run bench:history\` at normal priority (${timings.length ? `1-minute load ${loadRange}` : "none kept in this run's cache: the last timing run's figure, from bench/results/history.json"}), with the commit-graph investigate writes once per checkout. Run: \`nice -n 15 npm run bench:history\`.`,
  );
  process.stdout.write(
    `${JSON.stringify({ regression: regressionSet.length, acc1: acc(regressionRanks, regressionRanksWith, 1), reach: { lift: count('canLift'), demote: count('canDemote') }, rest: rest.length, szz: szzCases.length, szzHit: share(shippedHits), szzCv: share(szzCvHits), blameMedian, timings: timings.length, measured: measured.length, outcomes: outcomeText })}\n`,
  );
}

await main();
