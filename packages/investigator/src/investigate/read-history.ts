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
  prepareCommitGraph,
  type RegressionWindow,
} from '@sightline/codebase';
import { commitLink } from '@sightline/codebase/internal';
import type { Report } from '@sightline/intake';
import type { DiagnosisHistory } from '../diagnosis/history-schema.js';
import type { Suspect } from '../diagnosis/schema.js';

/** Suspect ranges blamed for suspect commits. */
export const BLAMED_SUSPECTS = 5;
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

/**
 * Opens the history (unless given open) and finds the report's regression window.
 * @param root the repository folder.
 * @param report the parsed report.
 * @param history `true`: open it here; a history already open: used as it is; `false`/`null`:
 *   none. Default true.
 * @param warn told, in a sentence saying what to do, when the folder is a git checkout that git
 *   refuses to read (another user's checkout: "dubious ownership"; a time limit): the investigation
 *   goes on without history. A tree that is not a checkout, or no git program, is not warned of.
 * @returns the history with the window, or `null` when there is no git history to read.
 */
export async function readReportHistory(
  root: string,
  report: Report,
  history: boolean | GitHistory | null = true,
  warn: (message: string) => void = () => undefined,
): Promise<ReportHistory | null> {
  let opened = history === true ? null : history || null;
  if (history === true) {
    const result = await openGitHistory(root);
    opened = result.history;
    if (!result.history && result.refused) {
      warn(
        `${result.reason}; the diagnosis has no history part (suspect commits, regression window). Run as the user who owns the checkout, or pass --no-history to investigate without it.`,
      );
    }
  }
  if (!opened) return null;
  const text = [report.title ?? '', report.body].join('\n');
  const { window, notes } = await findRegressionWindow(opened, text);
  return { history: opened, window, notes: [...opened.notes, ...notes] };
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
}

/**
 * Blames the top suspect ranges and shapes the diagnosis' history part.
 * @param read what {@link readReportHistory} found.
 * @param suspects the final suspects, most suspect first.
 * @returns the history part of the diagnosis. Never throws.
 */
export async function describeHistory(
  { history: opened, window, notes }: ReportHistory,
  suspects: readonly Suspect[],
  { reportedAt, commitGraphDir }: DescribeHistoryOptions = {},
): Promise<DiagnosisHistory> {
  const graph =
    commitGraphDir === false
      ? undefined
      : await prepareCommitGraph(opened, commitGraphDir ? { dir: commitGraphDir } : {});
  const history = graph?.history ?? opened;
  const found = await findSuspectCommits(history, suspects.slice(0, BLAMED_SUSPECTS), {
    limit: SUSPECT_COMMITS,
    ...(reportedAt !== undefined ? { reportedAt } : {}),
    ...(window ? { windowCommits: new Set(window.commits.map((commit) => commit.id)) } : {}),
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
            summary: window.claimed
              ? `regressed between ${window.good.ref} and ${window.bad.ref}`
              : `the report names ${window.bad.ref}; the changes since ${window.good.ref}, the release before it (the report does not say an earlier version worked)`,
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
