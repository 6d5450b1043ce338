/**
 * `npm run bench:history` (issue #31): what git history adds, on the corpus of real fixes
 * (bench/corpus/cases.jsonl, report texts from `npm run corpus:fill`, histories from the fetched
 * snapshots in /work/.mirror, cloned `--shared` into bench/.cache/history and checked out at each
 * fix's parent). Per case, with a time budget (`HISTORY_BENCH_MINUTES`, default 30):
 *
 * - regression set: reports that name a good and a bad version, or a commit, whose window the
 *   history resolves: localization Acc@1/@5 without history and with the window's files lifted;
 * - SZZ set: the bug-introducing commits of the fix (Śliwerski et al. 2005: the commits that last
 *   changed the lines the fix changed, blamed at the parent); hit when one of them is among the
 *   top 3 suspect commits of the localizer's top-5 suspect ranges;
 * - blame time of the top-5 suspect ranges, median over cases on histories of ≥ 10,000 commits.
 *
 * Regression-set cases are measured first, then the rest in corpus order.
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
import { liftWindowFiles, windowRangeShares } from '@sightline/investigator/internal';
import { type CorpusCase, readCorpusCases } from './lib/corpus.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  fraction,
  markdownTable,
  msFigure,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const MIRRORS = '/work/.mirror';
const CLONES = path.join(BENCH_DIR, '.cache', 'history');
const BUDGET_MS = Number(process.env.HISTORY_BENCH_MINUTES ?? 30) * 60_000;

interface CaseResult {
  id: string;
  repo: string;
  language: string;
  commits: number;
  regression: { window: string; rankWithout: number; rankWith: number } | null;
  /** The report's window ends after the fix's parent (left out of the regression set). */
  windowAfterFix: boolean;
  szz: { introducing: number; hitTop3: boolean } | null;
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
  const clone = path.join(CLONES, caseItem.repo.replace('/', '+'));
  if (!existsSync(clone)) {
    await mkdir(CLONES, { recursive: true });
    gitSync(CLONES, ['clone', '-q', '--shared', '--no-checkout', mirror, clone]);
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

function rankOf(paths: string[], gold: Set<string>): number {
  const at = paths.findIndex((file) => gold.has(file));
  return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
}

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
    cacheDir: path.join(CLONES, 'index', caseItem.repo.replace('/', '+')),
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(suspects));
  return suspects;
}

async function measure(caseItem: GitCase, clone: string): Promise<CaseResult | null> {
  const opened = await openGitHistory(clone);
  if (!opened.history) return null;
  const history = opened.history;
  const text = `${caseItem.report.title}\n${caseItem.report.body}`;
  const suspects = await localizeCase(caseItem, clone, text);
  const gold = new Set(caseItem.gold.map((entry) => entry.file));
  const named = isRegressionReport(text)
    ? (await findRegressionWindow(history, text)).window
    : null;
  // A window ending after the fix's parent would hold the fix itself: not a fair measure.
  const afterFix = named !== null && !isAncestor(clone, named.bad.id, caseItem.parent);
  const window = afterFix ? null : named;
  const lifted = window
    ? liftWindowFiles(suspects, window.files, await windowRangeShares(history, window, suspects))
    : suspects;
  const top = lifted.slice(0, 5);
  const found = await findSuspectCommits(history, top, {
    limit: 3,
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
    id: caseItem.id,
    repo: caseItem.repo,
    language: caseItem.language,
    commits: history.commitCount,
    windowAfterFix: afterFix,
    regression: window
      ? {
          window: `${window.good.ref}..${window.bad.ref}`,
          rankWithout: rankOf(
            suspects.map((suspect) => suspect.path),
            gold,
          ),
          rankWith: rankOf(
            lifted.map((suspect) => suspect.path),
            gold,
          ),
        }
      : null,
    szz:
      introducing.size > 0
        ? {
            introducing: introducing.size,
            hitTop3: found.commits.some((commit) => introducing.has(commit.id)),
          }
        : null,
    blameMs: found.blameMs,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main() {
  const started = Date.now();
  const { cases } = readCorpusCases();
  const usable = cases.filter(isGitCase).filter((item) => mirrorOf(item.repo));
  const regression = usable.filter((item) =>
    isRegressionReport(`${item.report.title}\n${item.report.body}`),
  );
  const ordered = [...regression, ...usable.filter((item) => !regression.includes(item))];
  const results: CaseResult[] = [];
  const failed: string[] = [];
  for (const item of ordered) {
    if (Date.now() - started > BUDGET_MS) break;
    try {
      const clone = await checkout(item, mirrorOf(item.repo) ?? '');
      const result = await measure(item, clone);
      if (result) results.push(result);
      process.stderr.write(`${item.id}: ${JSON.stringify(result)}\n`);
    } catch (error) {
      failed.push(item.id);
      process.stderr.write(`${item.id}: failed (${String(error).split('\n')[0]})\n`);
    }
  }
  const windows = results.filter((result) => result.regression);
  const acc = (k: number, key: 'rankWith' | 'rankWithout') =>
    windows.length
      ? windows.filter((result) => (result.regression?.[key] ?? Infinity) <= k).length /
        windows.length
      : 0;
  const szz = results.filter((result) => result.szz);
  const szzHit = szz.length ? szz.filter((result) => result.szz?.hitTop3).length / szz.length : 0;
  const large = results.filter((result) => result.commits >= 10_000);
  const blameMedian = median(large.map((result) => result.blameMs));
  const languages = [...new Set(windows.map((result) => result.language))].sort();
  await writeResults('history', {
    inputs: {
      corpus: 'bench/corpus/cases.jsonl',
      casesMeasured: results.length,
      casesAvailable: usable.length,
      regressionCandidates: regression.length,
      windowsAfterFix: results.filter((result) => result.windowAfterFix).length,
      failed,
      budgetMinutes: BUDGET_MS / 60_000,
      cases: results,
    },
    figures: {
      regression: {
        cases: { value: windows.length, unit: 'cases' },
        acc1Without: fraction(acc(1, 'rankWithout')),
        acc1With: fraction(acc(1, 'rankWith')),
        acc5Without: fraction(acc(5, 'rankWithout')),
        acc5With: fraction(acc(5, 'rankWith')),
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
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  await updateReadmeTable(
    'history',
    `${markdownTable(
      ['figure', 'value', 'target'],
      [
        [
          `regression set: cases (window resolved; languages ${languages.join(', ')})`,
          windows.length,
          '≥ 40',
        ],
        [
          'regression set Acc@1 without → with history',
          `${pct(acc(1, 'rankWithout'))} → ${pct(acc(1, 'rankWith'))}`,
          '+15 points',
        ],
        [
          'regression set Acc@5 without → with history',
          `${pct(acc(5, 'rankWithout'))} → ${pct(acc(5, 'rankWith'))}`,
          'no loss',
        ],
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
    )}\n\n${results.length} corpus cases measured in a ${BUDGET_MS / 60_000}-minute budget (regression candidates first); ${failed.length} failed. Localization is the offline localizer at each fix's parent; "with history" lifts each suspect by the share of its range the window's commits last changed (and its file a little when the window changed it). SZZ commits are blamed at the parent from the lines each fix changed. Run: \`nice -n 10 npm run bench:history\`.`,
  );
  process.stdout.write(
    `${JSON.stringify({ windows: windows.length, acc1: [acc(1, 'rankWithout'), acc(1, 'rankWith')], acc5: [acc(5, 'rankWithout'), acc(5, 'rankWith')], szz: szz.length, szzHit, blameMedian, measured: results.length })}\n`,
  );
}

await main();
