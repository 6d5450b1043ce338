/**
 * What reading the history costs an investigation (`npm run bench:localize -- --history-time`):
 * the development set's git cases investigated offline (`investigate`, as the CLI does) on real
 * git checkouts at each fix's parent, with history off and on, cold and warm, and the history
 * features' own reads apart.
 *
 * Checkouts: `git clone --shared --no-checkout` of the fetched snapshot (`$BENCH_MIRRORS`, see
 * `mirrorGitDir`) checked out at the parent, in bench/.cache/history-checkouts/<owner>+<name>@<parent>
 * (the snapshot is never written: the clone borrows its objects). A case without a snapshot is
 * skipped.
 *
 * Per case, after one untimed investigation that brings the checkout's files into the system's
 * file cache, in this order (each an investigation of its own, a new history opened each time):
 * - `off cold` / `on cold`: history off / on, a fresh cache folder each (index, commit-graph,
 *   history logs and their BM25 index of messages all read or written anew: the first
 *   investigation of a checkout);
 * - `off warm` / `on warm`: the same again on the `on cold` cache folder (index cached, commit-graph
 *   kept, the history logs and the BM25 index read from their files: a second CLI run at the same
 *   HEAD);
 * - `on, service`: history on with one history opened beforehand and given to both of two
 *   investigations, the second timed (the service's per-revision history: logs and BM25 index
 *   in memory);
 * - the features alone (`cachedHistoryLog` + `historyVectors`): read with git and the index built
 *   (no cache; the cost every investigation paid before the cache), from the files (logs and
 *   index), from memory.
 *
 * Medians over cases; the 1-minute load average before and after is reported, since on a shared
 * 2-core machine it moves every figure.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type GitHistory, openGitHistory } from '@sightline/codebase';
import { runGit } from '@sightline/codebase/internal';
import { investigate } from '@sightline/investigator';
import { cachedHistoryLog, historyVectors } from '@sightline/investigator/internal';
import { type DevCase, mirrorGitDir } from './localize-cases.js';
import { BENCH_DIR } from './npm-pack.js';
import { type Figures, markdownTable, msFigure } from './results.js';
import { median, timed } from './stats.js';

/** The timings of one case, in ms. */
export interface HistoryTiming {
  id: string;
  repo: string;
  offCold: number;
  onCold: number;
  offWarm: number;
  onWarm: number;
  onService: number;
  featuresUncached: number;
  featuresFromDisk: number;
  featuresFromMemory: number;
}

const COLUMNS: [keyof HistoryTiming, string][] = [
  ['offCold', 'off cold'],
  ['onCold', 'on cold'],
  ['offWarm', 'off warm'],
  ['onWarm', 'on warm'],
  ['onService', 'on, service'],
  ['featuresUncached', 'features: git, uncached'],
  ['featuresFromDisk', 'features: from file'],
  ['featuresFromMemory', 'features: from memory'],
];

/** A checkout of the case's repository at its parent; `undefined` without a snapshot. */
async function checkoutOf(entry: DevCase, mirrors: string): Promise<string | undefined> {
  const gitDir = entry.repo && entry.parent ? mirrorGitDir(mirrors, entry.repo) : undefined;
  if (!gitDir || !entry.repo || !entry.parent) return undefined;
  const dir = path.join(
    BENCH_DIR,
    '.cache',
    'history-checkouts',
    `${entry.repo.replace('/', '+')}@${entry.parent}`,
  );
  if (existsSync(path.join(dir, '.git'))) return dir;
  await mkdir(path.dirname(dir), { recursive: true });
  const cloned = await runGit(path.dirname(dir), [
    'clone',
    '--quiet',
    '--shared',
    '--no-checkout',
    gitDir,
    dir,
  ]);
  const checked =
    cloned.ok &&
    (await runGit(dir, ['checkout', '--quiet', '--detach', entry.parent], { timeoutMs: 120_000 }))
      .ok;
  if (checked) return dir;
  await rm(dir, { recursive: true, force: true });
  return undefined;
}

async function opened(dir: string): Promise<GitHistory> {
  const result = await openGitHistory(dir);
  if (!result.history) throw new Error(`${dir}: ${result.reason}`);
  return result.history;
}

/** Times one case; the cache folders are removed after. */
async function timeCase(entry: DevCase, dir: string): Promise<HistoryTiming> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-history-time-'));
  const folder = (name: string) => path.join(scratch, name);
  const run = async (history: boolean | GitHistory, cacheDir: string) =>
    (await timed(() => investigate({ repo: dir, report: entry.report, history, cacheDir }))).ms;
  const text = [entry.report.title, entry.report.body].join('\n');
  try {
    // Not timed: reads the checkout's files once, so that every timed run finds them in the
    // system's file cache (otherwise the first run, off cold, alone pays the disk).
    await run(false, folder('first'));
    const offCold = await run(false, folder('off'));
    const onCold = await run(true, folder('on'));
    const offWarm = await run(false, folder('on'));
    const onWarm = await run(true, folder('on'));
    const service = await opened(dir);
    await run(service, folder('on'));
    const onService = await run(service, folder('on'));
    const featuresUncached = (
      await timed(async () =>
        historyVectors(await cachedHistoryLog(await opened(dir), { cacheDir: false }), text),
      )
    ).ms;
    const featuresFromDisk = (
      await timed(async () =>
        historyVectors(await cachedHistoryLog(await opened(dir), { cacheDir: folder('on') }), text),
      )
    ).ms;
    const featuresFromMemory = (
      await timed(async () =>
        historyVectors(await cachedHistoryLog(service, { cacheDir: folder('on') }), text),
      )
    ).ms;
    return {
      id: entry.id,
      repo: entry.repo ?? '',
      offCold,
      onCold,
      offWarm,
      onWarm,
      onService,
      featuresUncached,
      featuresFromDisk,
      featuresFromMemory,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Times the cases that have a snapshot.
 * @param cases - the development set's git cases.
 * @param mirrors - the folder of fetched snapshots.
 * @returns the timings, the cases skipped, and the 1-minute load before and after.
 */
export async function timeHistory(
  cases: readonly DevCase[],
  mirrors: string,
): Promise<{ timings: HistoryTiming[]; skipped: string[]; load: [number, number] }> {
  const before = os.loadavg()[0] ?? 0;
  const timings: HistoryTiming[] = [];
  const skipped: string[] = [];
  for (const entry of cases) {
    const dir = await checkoutOf(entry, mirrors);
    if (!dir) {
      skipped.push(entry.id);
      continue;
    }
    const timing = await timeCase(entry, dir);
    timings.push(timing);
    console.error(
      `${entry.id}: ${COLUMNS.map(([key, label]) => `${label} ${Math.round(timing[key] as number)}`).join(', ')} ms`,
    );
  }
  return { timings, skipped, load: [before, os.loadavg()[0] ?? 0] };
}

/**
 * The medians as figures and as a table with its note.
 * @returns `figures` for the results file, `markdown` for bench/README.md.
 */
export function historyTimeReport({
  timings,
  skipped,
  load,
}: Awaited<ReturnType<typeof timeHistory>>): { figures: Figures; markdown: string } {
  const medianOf = (key: keyof HistoryTiming) =>
    median(timings.map((timing) => timing[key] as number));
  const figures: Figures = Object.fromEntries(
    COLUMNS.map(([key, label]) => [
      key,
      { ...msFigure(medianOf(key), label), runs: timings.length, statistic: 'median' as const },
    ]),
  );
  const added = (on: keyof HistoryTiming, off: keyof HistoryTiming) =>
    median(timings.map((timing) => (timing[on] as number) - (timing[off] as number)));
  figures.addedCold = msFigure(
    added('onCold', 'offCold'),
    'median over cases of on cold − off cold',
  );
  figures.addedWarm = msFigure(
    added('onWarm', 'offWarm'),
    'median over cases of on warm − off warm',
  );
  const table = markdownTable(
    ['', ...COLUMNS.map(([, label]) => label), 'history added, cold / warm'],
    [
      [
        `median of ${timings.length} cases (ms)`,
        ...COLUMNS.map(([key]) => Math.round(medianOf(key))),
        `${Math.round(added('onCold', 'offCold'))} / ${Math.round(added('onWarm', 'offWarm'))}`,
      ],
    ],
  );
  const note = `Investigations offline on git checkouts at each development case's fix parent (${timings.length} cases${skipped.length ? `; ${skipped.length} without a snapshot skipped` : ''}), 1-minute load ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after, on a shared 2-core machine. "cold": a fresh cache folder (index, commit-graph, history logs and their BM25 index of messages all made anew); "warm": the same folder again (a second CLI run at the same HEAD); "features: from file": the logs and the BM25 index from their files; "service": a history opened once and given to a second investigation. "history added" includes opening the history, the regression window, the features and blame of the suspects (and, cold, writing the commit-graph).`;
  return { figures, markdown: `${table}\n\n${note}` };
}
