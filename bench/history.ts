/**
 * `npm run bench:history` (issue #31): what git history adds, on the corpus of real fixes
 * (bench/corpus/cases.jsonl, report texts from `npm run corpus:fill`, histories from the fetched
 * snapshots in /work/.mirror, cloned `--shared` into bench/.cache/history and checked out at each
 * fix's parent). Per case, with a time budget (`HISTORY_BENCH_MINUTES`, default 30):
 *
 * - regression set: reports that name a good and a bad version, or a commit, whose window the
 *   history resolves before the fix: localization Acc@1/@5 without history and with the window's
 *   evidence added (window-signal.ts), its parameters (q, the score temperature) fitted on the
 *   other repositories' cases (bench/lib/window-cv.ts); the rest: Acc@1/@5 as investigate would rank them;
 * - SZZ set: the bug-introducing commits of the fix (Śliwerski et al. 2005: the commits that last
 *   changed the lines the fix changed, blamed at the parent); hit when one of them is among the
 *   top 3 suspect commits of the localizer's top-5 suspect ranges;
 * - blame time of the top-5 suspect ranges, median over cases on histories of ≥ 10,000 commits.
 *
 * Regression-set candidates are measured first, then cases on histories of ≥ 10,000 commits, then
 * the rest in corpus order.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  findRegressionWindow,
  findSuspectCommits,
  findVersionMentions,
  openGitHistory,
} from '@sightline/codebase';
import { blameRange } from '@sightline/codebase/internal';
import { investigate, type Suspect } from '@sightline/investigator';
import {
  liftWindowFiles,
  SCORE_TEMPERATURE,
  WINDOW_HOLDS_FIX,
} from '@sightline/investigator/internal';
import { type CorpusCase, readCorpusCases } from './lib/corpus.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  fraction,
  markdownTable,
  msFigure,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';
import {
  crossValidatedRanks,
  fitHoldsFix,
  fitTemperature,
  goldRank,
  type RankedCase,
  rankWith,
  type WindowCase,
  windowHoldsFix,
} from './lib/window-cv.js';

const MIRRORS = '/work/.mirror';
const CLONES = path.join(BENCH_DIR, '.cache', 'history');
/** `HISTORY_BENCH_SHARD=k/n`: measure only every n-th case from the k-th (filling the cache). */
const SHARD = /^(\d+)\/(\d+)$/.exec(process.env.HISTORY_BENCH_SHARD ?? '');
/** Work trees and index caches of this process (shards run side by side each check out their own). */
const WORK = path.join(CLONES, SHARD ? `shard-${SHARD[1]}` : '.');
const BUDGET_MS = Number(process.env.HISTORY_BENCH_MINUTES ?? 30) * 60_000;
/**
 * `HISTORY_BENCH_PART=regression|large|rest`: measure only that part of the measuring order (to
 * fill the cache part by part, e.g. the blame-time cases at normal priority once the localizer's
 * suspects are cached); unset: every part.
 */
const PART = process.env.HISTORY_BENCH_PART;
if (PART !== undefined && !['regression', 'large', 'rest'].includes(PART)) {
  throw new Error(`HISTORY_BENCH_PART must be regression, large or rest (got ${PART})`);
}

interface CaseResult {
  id: string;
  repo: string;
  language: string;
  commits: number;
  /** The report names a good and a bad version, or a commit (a regression-set candidate). */
  regressionReport: boolean;
  /** The window the history resolves for the report, as investigate finds it; null: none. */
  window: { refs: string; changedFiles: number; trackedFiles: number; holdsFix: boolean } | null;
  /** The report's window ends after the fix's parent (it would hold the fix: not used). */
  windowAfterFix: boolean;
  rankWithout: number;
  /** Rank with the window lifted by the q shipped when measured (rankWithout without a window). */
  rankWith: number;
  szz: {
    introducing: number;
    hitTop3: boolean;
    /** Every commit that last changed a top-5 range, in ranked order (0-based range rank). */
    candidates: {
      introducing: boolean;
      ageDays: number;
      inWindow: boolean;
      touches: { range: number; share: number }[];
    }[];
  } | null;
  blameMs: number;
}

/** A corpus case of a git repository (every corpus case is; the type allows npm cases too). */
type GitCase = CorpusCase & { repo: string; parent: string };

const isGitCase = (item: CorpusCase): item is GitCase =>
  item.repo !== undefined && item.parent !== undefined;

function mirrorOf(repo: string): string | undefined {
  const dir = path.join(MIRRORS, repo.replace('/', '+'), 'repo');
  return existsSync(dir) ? dir : undefined;
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
  const entries = gitSync(clone, ['ls-tree', '-r', '--full-tree', revision])
    .split('\n')
    .map((line) => /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line))
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

async function checkout(caseItem: GitCase, mirror: string): Promise<string> {
  const clone = path.join(WORK, caseItem.repo.replace('/', '+'));
  if (!existsSync(clone)) {
    await mkdir(WORK, { recursive: true });
    gitSync(WORK, ['clone', '-q', '--shared', '--no-checkout', mirror, clone]);
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

function isAncestor(clone: string, commit: string, of: string): boolean {
  try {
    gitSync(clone, ['merge-base', '--is-ancestor', commit, of]);
    return true;
  } catch {
    return false;
  }
}

const isRegressionReport = (text: string) => {
  const mentions = findVersionMentions(text);
  return (
    mentions.some((mention) => mention.kind === 'commit') ||
    (mentions.some((mention) => mention.side === 'good') &&
      mentions.some((mention) => mention.side === 'bad'))
  );
};

/**
 * The localizer as committed (the git ids of its files): cached suspects are reused only while
 * the code that ranked them is unchanged. Re-export lists and the window signal, which this
 * benchmark applies itself, are left out.
 */
const LOCALIZER_KEY = createHash('sha256')
  .update(
    gitSync(process.cwd(), [
      'ls-tree',
      '-r',
      'HEAD',
      'packages/investigator/src/localize',
      'packages/codebase/src/repomap',
      'packages/intake/src/parse',
    ])
      .split('\n')
      .filter((line) => !/\/(?:index\.ts|window-signal(?:\.test)?\.ts)$/.test(line))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 16);
process.stderr.write(`localizer key ${LOCALIZER_KEY}\n`);

/**
 * The localizer and the history code as committed: a case's measurement is kept in
 * bench/.cache/history/measured and reused while neither changed (the shipped q of the window
 * signal is left out: the figures that depend on it are recomputed from what is kept).
 */
const MEASURE_KEY = createHash('sha256')
  .update(LOCALIZER_KEY)
  .update(
    gitSync(process.cwd(), [
      'ls-tree',
      '-r',
      'HEAD',
      'packages/codebase/src/history',
      'bench/history.ts',
    ]),
  )
  .digest('hex')
  .slice(0, 16);

/** A measurement as kept on disk (ranks past the list are null in JSON). */
type StoredMeasured = Omit<Measured, 'windowCase'> & {
  windowCase: (Omit<WindowCase, 'changed'> & { changed: [string, number][] }) | null;
};

const measuredFile = (caseItem: GitCase) =>
  path.join(CLONES, 'measured', MEASURE_KEY, `${caseItem.id}.json`);

function readMeasured(caseItem: GitCase): Measured | undefined {
  const file = measuredFile(caseItem);
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredMeasured;
  const rank = (value: number | null) => value ?? Number.POSITIVE_INFINITY;
  return {
    result: {
      ...stored.result,
      rankWithout: rank(stored.result.rankWithout),
      rankWith: rank(stored.result.rankWith),
    },
    windowCase: stored.windowCase
      ? { ...stored.windowCase, changed: new Map(stored.windowCase.changed) }
      : null,
  };
}

function keepMeasured(caseItem: GitCase, measured: Measured): void {
  const file = measuredFile(caseItem);
  mkdirSync(path.dirname(file), { recursive: true });
  const { windowCase } = measured;
  const stored: StoredMeasured = {
    result: measured.result,
    windowCase: windowCase ? { ...windowCase, changed: [...windowCase.changed] } : null,
  };
  writeFileSync(file, JSON.stringify(stored));
}

/** The offline suspects (history off) of a case, cached per localizer version. */
async function localizeCase(caseItem: GitCase, clone: string, text: string): Promise<Suspect[]> {
  const file = path.join(CLONES, 'suspects', LOCALIZER_KEY, `${caseItem.id}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Suspect[];
  const { suspects } = await investigate({
    repo: clone,
    report: text,
    history: false,
    suspectLimit: 30,
    // One index cache per repository: a checkout rewrites only the files that differ, so the
    // next case of the same repository re-parses only those.
    cacheDir: path.join(WORK, 'index', caseItem.repo.replace('/', '+')),
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(suspects));
  return suspects;
}

/** What one case gives: its result, and the window case the cross-validation reads. */
interface Measured {
  result: CaseResult;
  windowCase: WindowCase | null;
}

async function measure(caseItem: GitCase, clone: string): Promise<Measured | null> {
  const opened = await openGitHistory(clone);
  if (!opened.history) return null;
  const history = opened.history;
  const text = `${caseItem.report.title}\n${caseItem.report.body}`;
  const suspects = await localizeCase(caseItem, clone, text);
  const gold = caseItem.gold.map((entry) => entry.file);
  const found = (await findRegressionWindow(history, text)).window;
  // A window ending after the fix's parent would hold the fix itself: not a fair measure.
  const afterFix = found !== null && !isAncestor(clone, found.bad.id, caseItem.parent);
  const window = afterFix ? null : found;
  const windowCase = window
    ? {
        repo: caseItem.repo,
        suspects,
        gold,
        changed: window.files,
        trackedFiles: window.trackedFiles,
      }
    : null;
  const lifted = window
    ? liftWindowFiles(suspects, { changed: window.files, trackedFiles: window.trackedFiles })
    : suspects;
  const top = lifted.slice(0, 5);
  // Every commit blamed (not only the top 3) is kept, so that the ranking can be studied offline.
  const suspectCommits = await findSuspectCommits(history, top, {
    limit: 100,
    ...(window ? { windowCommits: new Set(window.commits.map((commit) => commit.id)) } : {}),
  });
  const introducing = new Set<string>();
  for (const entry of caseItem.gold) {
    for (const range of entry.changed ?? []) {
      const blame = await blameRange(history, entry.file, range);
      for (const commit of blame?.commits ?? []) introducing.add(commit.id);
    }
  }
  return {
    windowCase,
    result: {
      id: caseItem.id,
      repo: caseItem.repo,
      language: caseItem.language,
      commits: history.commitCount,
      regressionReport: isRegressionReport(text),
      window:
        window && windowCase
          ? {
              refs: `${window.good.ref}..${window.bad.ref}`,
              changedFiles: window.files.size,
              trackedFiles: window.trackedFiles,
              holdsFix: windowHoldsFix(windowCase),
            }
          : null,
      windowAfterFix: afterFix,
      rankWithout: goldRank(suspects, gold),
      rankWith: goldRank(lifted, gold),
      szz:
        introducing.size > 0
          ? {
              introducing: introducing.size,
              hitTop3: suspectCommits.commits
                .slice(0, 3)
                .some((commit) => introducing.has(commit.id)),
              candidates: suspectCommits.commits.map((commit) => ({
                introducing: introducing.has(commit.id),
                ageDays: Math.round((history.headTime - commit.time) / 86_400_000),
                inWindow: commit.inWindow ?? false,
                touches: commit.touches.map((touch) => ({
                  range: top.findIndex(
                    (suspect) => suspect.path === touch.path && suspect.lines[0] === touch.lines[0],
                  ),
                  share: touch.changedLines / (touch.lines[1] - touch.lines[0] + 1),
                })),
              })),
            }
          : null,
      blameMs: suspectCommits.blameMs,
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Commits in the history of `revision` in a mirror. */
const commitCount = (mirror: string, revision: string) =>
  Number(gitSync(mirror, ['rev-list', '--count', revision]).trim());

/**
 * Measuring order: regression-report candidates, then cases on histories of ≥ 10,000 commits (the
 * blame-time figure's set), then the rest in corpus order.
 */
function measuringOrder(usable: GitCase[]): { part: string; item: GitCase }[] {
  const regression = usable.filter((item) =>
    isRegressionReport(`${item.report.title}\n${item.report.body}`),
  );
  const largeRepos = new Set(
    [...new Set(usable.map((item) => item.repo))].filter(
      (repo) => commitCount(mirrorOf(repo) ?? '', 'HEAD') >= 10_000,
    ),
  );
  const rest = usable.filter((item) => !regression.includes(item));
  const large = rest.filter(
    (item) =>
      largeRepos.has(item.repo) && commitCount(mirrorOf(item.repo) ?? '', item.parent) >= 10_000,
  );
  return [
    ...regression.map((item) => ({ part: 'regression', item })),
    ...large.map((item) => ({ part: 'large', item })),
    ...rest.filter((item) => !large.includes(item)).map((item) => ({ part: 'rest', item })),
  ];
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

async function main() {
  const started = Date.now();
  const { cases } = readCorpusCases();
  const usable = cases.filter(isGitCase).filter((item) => mirrorOf(item.repo));
  const ordered = measuringOrder(usable);
  const casesById = new Map(usable.map((item) => [item.id, item]));
  const results: CaseResult[] = [];
  const windowCases: WindowCase[] = [];
  /** Each measured case's window (null: none), to rank the rest with the shipped q. */
  const windows = new Map<string, WindowCase | null>();
  const failed: string[] = [];
  const measuring = ordered.filter((entry) => PART === undefined || entry.part === PART);
  for (const [at, { item }] of measuring.entries()) {
    if (SHARD && at % Number(SHARD[2]) !== Number(SHARD[1]) - 1) continue;
    const kept = readMeasured(item);
    if (!kept && Date.now() - started > BUDGET_MS) continue;
    try {
      const measured =
        kept ?? (await measure(item, await checkout(item, mirrorOf(item.repo) ?? '')));
      if (measured && !kept) keepMeasured(item, measured);
      if (measured) {
        results.push(measured.result);
        windows.set(measured.result.id, measured.windowCase);
        if (measured.result.regressionReport && measured.windowCase) {
          windowCases.push(measured.windowCase);
        }
      }
      process.stderr.write(`${item.id}: ${JSON.stringify(measured?.result ?? null)}\n`);
    } catch (error) {
      failed.push(item.id);
      process.stderr.write(`${item.id}: failed (${String(error).split('\n')[0]})\n`);
    }
  }
  if (SHARD || PART) return;
  // The regression set: regression reports whose window the history resolves before the fix.
  const regressionSet = results.filter((result) => result.regressionReport && result.window);
  const rest = results.filter((result) => !(result.regressionReport && result.window));
  // Every measured case's suspects (cached with the localizer that ranked them) fit the temperature.
  const ranked: RankedCase[] = results.map((result) => ({
    repo: result.repo,
    suspects: JSON.parse(
      readFileSync(path.join(CLONES, 'suspects', LOCALIZER_KEY, `${result.id}.json`), 'utf8'),
    ) as Suspect[],
    gold: casesById.get(result.id)?.gold.map((entry) => entry.file) ?? [],
  }));
  const validated = crossValidatedRanks(windowCases, ranked);
  const accOf = (ranks: number[], k: number) =>
    ranks.length ? ranks.filter((rank) => rank <= k).length / ranks.length : 0;
  const acc = {
    regression: {
      without: (k: number) =>
        accOf(
          validated.map((entry) => entry.without),
          k,
        ),
      with: (k: number) =>
        accOf(
          validated.map((entry) => entry.with),
          k,
        ),
    },
    rest: {
      without: (k: number) =>
        accOf(
          rest.map((result) => result.rankWithout),
          k,
        ),
      with: (k: number) =>
        accOf(
          rest.map((result) => {
            const window = windows.get(result.id);
            return window
              ? rankWith(window, WINDOW_HOLDS_FIX, SCORE_TEMPERATURE)
              : result.rankWithout;
          }),
          k,
        ),
    },
  };
  const fitted = fitHoldsFix(windowCases);
  const fittedTemperature = fitTemperature(ranked);
  const szz = results.filter((result) => result.szz);
  const szzHit = szz.length ? szz.filter((result) => result.szz?.hitTop3).length / szz.length : 0;
  const large = results.filter((result) => result.commits >= 10_000);
  const blameMedian = median(large.map((result) => result.blameMs));
  const languages = [...new Set(regressionSet.map((result) => result.language))].sort();
  const restWithWindow = rest.filter((result) => result.window).length;
  await writeResults('history', {
    inputs: {
      corpus: 'bench/corpus/cases.jsonl',
      casesMeasured: results.length,
      casesAvailable: usable.length,
      regressionCandidates: ordered.filter((entry) => entry.part === 'regression').length,
      windowsAfterFix: results.filter((result) => result.windowAfterFix).length,
      restWithWindow,
      failed,
      budgetMinutes: BUDGET_MS / 60_000,
      holdsFixShipped: WINDOW_HOLDS_FIX,
      holdsFixPerFold: validated.map((entry) => Math.round(entry.holdsFix * 1000) / 1000),
      temperatureShipped: SCORE_TEMPERATURE,
      temperaturePerFold: validated.map((entry) => entry.temperature),
      cases: results.map(({ szz, ...result }) => ({
        ...result,
        szz: szz && { introducing: szz.introducing, hitTop3: szz.hitTop3 },
      })),
    },
    figures: {
      regression: {
        cases: { value: regressionSet.length, unit: 'cases' },
        acc1Without: fraction(acc.regression.without(1)),
        acc1With: fraction(acc.regression.with(1)),
        acc5Without: fraction(acc.regression.without(5)),
        acc5With: fraction(acc.regression.with(5)),
        holdsFixFitted: fraction(fitted),
        temperatureFitted: { value: fittedTemperature, unit: 'score units per log-odds' },
      },
      rest: {
        cases: { value: rest.length, unit: 'cases' },
        acc1Without: fraction(acc.rest.without(1)),
        acc1With: fraction(acc.rest.with(1)),
        acc5Without: fraction(acc.rest.without(5)),
        acc5With: fraction(acc.rest.with(5)),
      },
      szz: { cases: { value: szz.length, unit: 'cases' }, top3: fraction(szzHit) },
      blameTop5: {
        ...msFigure(
          blameMedian,
          `median over ${large.length} cases on histories of >= 10,000 commits; noisy: shared 2-core machine`,
        ),
        statistic: 'median',
        runs: large.length,
      },
    },
  });
  const change = (key: 'regression' | 'rest', k: number) =>
    `${pct(acc[key].without(k))} → ${pct(acc[key].with(k))}`;
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
          'regression set Acc@1 without → with history (grouped CV)',
          change('regression', 1),
          '+15 points',
        ],
        [
          'regression set Acc@5 without → with history (grouped CV)',
          change('regression', 5),
          'no loss',
        ],
        [
          `the rest (${rest.length} cases, ${restWithWindow} with a window) Acc@1`,
          change('rest', 1),
          'no loss',
        ],
        ['the rest Acc@5', change('rest', 5), 'no loss'],
        ['SZZ set: cases', szz.length, '≥ 60'],
        ['SZZ: bug-introducing commit in the top 3 suspect commits', pct(szzHit), '≥ 60 %'],
        [
          `blame of the top-5 suspect ranges, median (${large.length} cases, ≥ 10,000 commits)`,
          large.length > 0
            ? `${Math.round(blameMedian)} ms`
            : 'not measured (no such case in the budget)',
          '< 1,000 ms',
        ],
      ],
    )}\n\n${results.length} corpus cases measured in a ${BUDGET_MS / 60_000}-minute budget (regression candidates first, then histories of ≥ 10,000 commits); ${failed.length} failed. Localization is the offline localizer at each fix's parent; "with history" adds the regression window's log likelihood ratio, times the localizer's score temperature, to each suspect's score (window-signal.ts), with q (the chance a window is right) fitted by maximum likelihood on the other repositories' regression cases and the temperature on the other repositories' cases (leave-one-repository-out; fitted on all: q ${pct(fitted)}, temperature ${fittedTemperature}; shipped: ${pct(WINDOW_HOLDS_FIX)}, ${SCORE_TEMPERATURE}). The rest are ranked with the shipped values wherever investigate would find a window. SZZ commits are blamed at the parent from the lines each fix changed. Run: \`nice -n 10 npm run bench:history\`.`,
  );
  process.stdout.write(
    `${JSON.stringify({ regression: regressionSet.length, acc1: [acc.regression.without(1), acc.regression.with(1)], acc5: [acc.regression.without(5), acc.regression.with(5)], rest: rest.length, restAcc1: [acc.rest.without(1), acc.rest.with(1)], fitted, fittedTemperature, szz: szz.length, szzHit, blameMedian, large: large.length, measured: results.length })}\n`,
  );
}

await main();
