/**
 * History for one investigation: opens the repository's git history (read-only, bounded), finds
 * the regression window the report names, and, once the suspects are ranked, blames the top
 * suspect ranges for suspect commits. Everything degrades to a note: a tree without history, a
 * shallow clone, a window with no tag, a file git cannot blame.
 */
import {
  type CommitInfo,
  findRegressionWindow,
  findSuspectCommits,
  type GitHistory,
  openGitHistory,
  type PreparedCommitGraph,
  prepareCommitGraph,
  type RegressionWindow,
} from '@sightline/codebase';
import { commitLink } from '@sightline/codebase/internal';
import type { Report } from '@sightline/intake';
import { isDemotedSuspect } from '../diagnosis/demoted-suspects.js';
import type { DiagnosisHistory } from '../diagnosis/history-schema.js';
import type { Suspect } from '../diagnosis/schema.js';
import { windowSentence } from '../diagnosis/window-summary.js';

/** Suspect ranges blamed for suspect commits. */
export const BLAMED_SUSPECTS = 5;

/**
 * The suspects whose ranges are blamed for suspect commits: the first {@link BLAMED_SUSPECTS}
 * code suspects. Files the localizer demoted (tests, docs, auxiliary files) are left out: a
 * README's last edit is not the change that broke the code.
 * @param suspects ranked suspects, most suspect first.
 * @returns at most {@link BLAMED_SUSPECTS} of them, in rank order (none when all are demoted).
 */
export function blamedSuspects<T extends Pick<Suspect, 'evidence'>>(suspects: readonly T[]): T[] {
  return suspects.filter((suspect) => !isDemotedSuspect(suspect)).slice(0, BLAMED_SUSPECTS);
}
/** Suspect commits kept. */
export const SUSPECT_COMMITS = 5;
/** Window commits touching the suspects kept in the diagnosis. */
const WINDOW_COMMITS_SHOWN = 10;

/** The history of a repository as one investigation reads it. */
export interface ReportHistory {
  history: GitHistory;
  window: RegressionWindow | null;
  notes: string[];
}

/** What to do about a history git refused, by cause (see {@link refusedHistoryWarning}). */
export interface RefusalAdvice {
  /** When git refused the checkout itself (another user's: "dubious ownership"; unreadable). */
  access: string;
  /** When git ran out of time. */
  timeLimit: string;
}

/** The investigation's own advice (the CLI, MCP and the GitHub Action take `--no-history`). */
const INVESTIGATE_ADVICE: RefusalAdvice = {
  access:
    'Run as the user who owns the checkout, trust it with `git config --global --add safe.directory DIR`, or pass --no-history to investigate without it.',
  timeLimit:
    'Git ran out of time reading it (a busy machine or a slow disk): investigate again, or pass --no-history to investigate without it.',
};

/**
 * The warning of a git checkout git refused to read, with advice matching the cause.
 * @param refusal what `openGitHistory` said: its reason, whether the time limit ended git, and
 *   its own advice when it has one (which is then given instead of `advice`).
 * @param advice one sentence per cause.
 * @returns one warning: the reason, what the diagnosis lacks, what to do.
 */
export function refusedHistoryWarning(
  refusal: { reason: string; timedOut?: boolean; advice?: string },
  advice: RefusalAdvice = INVESTIGATE_ADVICE,
): string {
  const todo = refusal.advice ?? (refusal.timedOut ? advice.timeLimit : advice.access);
  return `${refusal.reason}; the diagnosis has no history part (suspect commits, regression window). ${todo}`;
}

/**
 * Opens the history, unless given open.
 * @param root the repository folder.
 * @param history `true`: open it here; a history already open: used as it is; `false`/`null`:
 *   none. Default true.
 * @param warn told, in a sentence saying what to do ({@link refusedHistoryWarning}), when the
 *   folder is a git checkout that git refuses to read (another user's checkout: "dubious
 *   ownership"; a time limit): the investigation goes on without history. A tree that is not a
 *   checkout, or no git program, is not warned of.
 * @returns the history, or `null` when there is no git history to read. Never throws.
 */
export async function openReportHistory(
  root: string,
  history: boolean | GitHistory | null = true,
  warn: (message: string) => void = () => undefined,
): Promise<GitHistory | null> {
  if (history !== true) return history || null;
  const result = await openGitHistory(root);
  if (!result.history && result.refused) warn(refusedHistoryWarning(result));
  return result.history;
}

/**
 * Finds the report's regression window in an opened history.
 * @param history the opened history ({@link openReportHistory}).
 * @param report the parsed report.
 * @returns the history with the window and the notes of both.
 */
export async function readReportHistory(
  history: GitHistory,
  report: Report,
): Promise<ReportHistory> {
  const text = [report.title ?? '', report.body].join('\n');
  const { window, notes } = await findRegressionWindow(history, text);
  return { history, window, notes: [...history.notes, ...notes] };
}

function commitView(history: GitHistory, commit: CommitInfo) {
  const url = commitLink(history, commit.id);
  return {
    id: commit.id,
    shortId: commit.id.slice(0, 12),
    author: commit.author,
    date: new Date(commit.time).toISOString(),
    subject: commit.subject,
    ...(url ? { url } : {}),
  };
}

/** Options of {@link describeHistory}. */
export interface DescribeHistoryOptions {
  /** When the failure was first reported (ms since the epoch). Default HEAD's time. */
  reportedAt?: number;
  /**
   * Folder of the commit-graph that makes blame fast (written once, see `prepareCommitGraph`),
   * or `false` for none. Default `~/.cache/sightline/commit-graph/<repository hash>`.
   */
  commitGraphDir?: string | false;
  /**
   * The commit-graph already being made ready for this history ({@link prepareBlameGraph}, started
   * before the suspects are known); `commitGraphDir` is then not read. Default: made ready here.
   */
  commitGraph?: Promise<PreparedCommitGraph | undefined>;
  /** Stops blame's git processes when it fires (the investigation ended; `GitHistory.signal`). */
  signal?: AbortSignal;
}

/**
 * Makes blame's commit-graph ready (`prepareCommitGraph`): it does not depend on the report, so
 * an investigation starts it as soon as the history is open, beside indexing.
 * @param history the opened history.
 * @param commitGraphDir see {@link DescribeHistoryOptions.commitGraphDir}; `false`: none.
 * @returns what was done, `undefined` with `false`. Never throws.
 */
export async function prepareBlameGraph(
  history: GitHistory,
  commitGraphDir?: string | false,
): Promise<PreparedCommitGraph | undefined> {
  if (commitGraphDir === false) return undefined;
  return prepareCommitGraph(history, commitGraphDir ? { dir: commitGraphDir } : {});
}

/**
 * When the failure existed at the latest: when it was reported, or the regression window's first
 * bad version when that is earlier. A commit made after the failing version cannot have caused
 * it, yet blame at HEAD gives it every line it touched since, and its recency ranked it above the
 * window's own commits (fresh-user trial 39). It is also the time the ranking measures a commit's
 * age from, so it stays beside `failingCommit`, which drops later commits by ancestry (a date can
 * be older than the commit: trial 40). The bad end's time is that of the window's newest commit
 * (merges are left out of the window, so a merge at the bad end counts as its last change).
 * @param reportedAt - when the failure was first reported (ms since the epoch), if known.
 * @param window - the report's regression window, if any.
 * @returns ms since the epoch; `undefined` when neither is known (HEAD's time is then used).
 */
function failingAtLatest(
  reportedAt: number | undefined,
  window: RegressionWindow | null,
): number | undefined {
  const badAt = window?.commits.length
    ? Math.max(...window.commits.map((commit) => commit.time))
    : undefined;
  if (badAt === undefined) return reportedAt;
  return reportedAt === undefined ? badAt : Math.min(reportedAt, badAt);
}

/**
 * Blames the top suspect ranges and shapes the diagnosis' history part.
 * @param read what {@link readReportHistory} found.
 * @param suspects the final suspects, most suspect first (the code suspects among them are
 *   blamed, {@link blamedSuspects}).
 * @returns the history part of the diagnosis. Never throws.
 */
export async function describeHistory(
  { history: opened, window, notes }: ReportHistory,
  suspects: readonly Suspect[],
  { reportedAt, commitGraphDir, commitGraph, signal }: DescribeHistoryOptions = {},
): Promise<DiagnosisHistory> {
  const stoppable = signal ? { ...opened, signal } : opened;
  const graph = await (commitGraph ?? prepareBlameGraph(stoppable, commitGraphDir));
  const history = signal ? { ...(graph?.history ?? opened), signal } : (graph?.history ?? opened);
  const failingBy = failingAtLatest(reportedAt, window);
  const found = await findSuspectCommits(history, blamedSuspects(suspects), {
    limit: SUSPECT_COMMITS,
    ...(failingBy !== undefined ? { reportedAt: failingBy } : {}),
    ...(window
      ? {
          windowCommits: new Set(window.commits.map((commit) => commit.id)),
          windowClaimed: window.claimed,
          failingCommit: window.bad.id,
        }
      : {}),
  });
  const suspectPaths = new Set(
    suspects.flatMap((suspect) => [suspect.path, ...(suspect.twins ?? [])]),
  );
  return {
    head: history.head,
    suspectCommits: found.commits.map((commit) => ({
      ...commitView(history, commit),
      score: commit.score,
      touches: commit.touches,
      ...(commit.inWindow !== undefined ? { inWindow: commit.inWindow } : {}),
    })),
    ...(window
      ? {
          regressionWindow: {
            good: window.good,
            bad: window.bad,
            summary: windowSentence({
              claimed: window.claimed,
              good: window.good.ref,
              bad: window.bad.ref,
            }),
            evidence: window.evidence,
            commitCount: window.commits.length,
            filesChanged: window.files.size,
            cut: window.cut,
            commitsTouchingSuspects: window.commits
              .map((commit) => ({
                commit,
                files: commit.files.filter((file) => suspectPaths.has(file)),
              }))
              .filter(({ files }) => files.length > 0)
              .slice(0, WINDOW_COMMITS_SHOWN)
              .map(({ commit, files }) => ({ ...commitView(history, commit), files })),
          },
        }
      : {}),
    notes: [...notes, ...(graph?.note && !history.shallow ? [graph.note] : []), ...found.notes],
  };
}
