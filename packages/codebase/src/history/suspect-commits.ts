/**
 * Suspect commits: the commits that last changed the suspect ranges, ranked the way Sentry's
 * suspect commits and the SZZ literature suggest (Śliwerski, Zimmermann, Zeller 2005: the
 * bug-introducing change is among those that last touched the lines a fix changes); the ranking
 * itself is {@link rankBlamedCommits}. Commit text passes the secret gate.
 */
import { blameRange, type CommitInfo } from './blame-range.js';
import { readCommitSizes } from './commit-sizes.js';
import { gateCommitTexts } from './gate-commit-texts.js';
import { BLAME_HISTORY_DAYS } from './history-bounds.js';
import { commitLink, type GitHistory } from './open-git-history.js';
import { type BlamedRange, rankBlamedCommits } from './rank-suspect-commits.js';

/** A range to blame, with how suspect it is. */
export interface SuspectRangeInput {
  path: string;
  /** 1-based inclusive range. */
  lines: [number, number];
}

/** A ranked suspect commit. */
export interface SuspectCommit extends CommitInfo {
  /** Short id (12 characters). */
  shortId: string;
  /** Commit page on GitHub/GitLab, when the remote is one. */
  url?: string;
  /** Ranking score, higher is more suspect; comparable within one ranking only. */
  score: number;
  /** The suspect ranges it last changed, with how many of their lines. */
  touches: { path: string; lines: [number, number]; changedLines: number }[];
  /** True when it lies inside the regression window. */
  inWindow?: boolean;
}

/** Options of {@link findSuspectCommits}. */
export interface FindSuspectCommitsOptions {
  /** When the failure was first reported, in ms since the epoch. Default HEAD's commit time. */
  reportedAt?: number;
  /** Ids of the commits inside the regression window, if one is known. */
  windowCommits?: ReadonlySet<string>;
  /** Commits returned. Default 5. */
  limit?: number;
  /** Time limit of each blame, in ms. Default 10,000. */
  timeoutMs?: number;
  /** History blamed, in days before `reportedAt`; `null` for all of it. Default {@link BLAME_HISTORY_DAYS}. */
  historyDays?: number | null;
}

/** What {@link findSuspectCommits} returns. */
export interface SuspectCommitsResult {
  commits: SuspectCommit[];
  /** What could not be blamed or was cut short, one sentence each. */
  notes: string[];
  /** Wall-clock time of the blames, in ms. */
  blameMs: number;
}

/** The blamed suspect ranges, what the ranking reads. */
export interface BlamedSuspectRanges {
  /** Each range with its blame (`commits: null`: not blamed), in input order. */
  ranges: BlamedRange[];
  /** Files each blamed commit changed (bulk commits weigh less). */
  commitFiles: Map<string, number>;
  /** Wall-clock time of the blames, in ms. */
  blameMs: number;
}

/**
 * Blames the suspect ranges (in parallel) over the history before the report, and reads how
 * many files each commit found changed.
 * @param history the opened history.
 * @param ranges suspect ranges, most suspect first.
 * @param options `reportedAt` (default HEAD's time), `timeoutMs`, `historyDays`.
 * @returns the blames, the commits' sizes and the blame time. Never throws.
 */
export async function blameSuspectRanges(
  history: GitHistory,
  ranges: readonly SuspectRangeInput[],
  {
    reportedAt,
    timeoutMs,
    historyDays = BLAME_HISTORY_DAYS,
  }: Pick<FindSuspectCommitsOptions, 'reportedAt' | 'timeoutMs' | 'historyDays'> = {},
): Promise<BlamedSuspectRanges> {
  const reference = reportedAt ?? history.headTime;
  const since = historyDays === null ? undefined : reference - historyDays * 86_400_000;
  const started = performance.now();
  const blames = await Promise.all(
    ranges.map((range) =>
      blameRange(history, range.path, range.lines, {
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(since !== undefined ? { since } : {}),
      }),
    ),
  );
  const blameMs = performance.now() - started;
  const ids = new Set(
    blames.flatMap((blame) =>
      (blame?.commits ?? []).filter((commit) => !commit.boundary).map((commit) => commit.id),
    ),
  );
  return {
    ranges: ranges.map((range, at) => ({
      path: range.path,
      lines: range.lines,
      commits: blames[at]?.commits ?? null,
    })),
    commitFiles: await readCommitSizes(history, [...ids]),
    blameMs,
  };
}

/**
 * Blames the suspect ranges (in parallel) and ranks the commits that last changed them.
 * @param history the opened history ({@link openGitHistory}).
 * @param ranges suspect ranges, most suspect first (the top five are usually enough).
 * @returns at most `limit` commits, most suspect first, with notes on what was not blamed.
 *   Never throws.
 */
export async function findSuspectCommits(
  history: GitHistory,
  ranges: readonly SuspectRangeInput[],
  {
    reportedAt,
    windowCommits,
    limit = 5,
    timeoutMs,
    historyDays = BLAME_HISTORY_DAYS,
  }: FindSuspectCommitsOptions = {},
): Promise<SuspectCommitsResult> {
  const reference = reportedAt ?? history.headTime;
  const blamed = await blameSuspectRanges(history, ranges, {
    reportedAt: reference,
    historyDays,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const notes = blamed.ranges
    .filter((range) => range.commits === null)
    .map((range) => `${range.path} could not be blamed (not committed, or git failed)`);
  const { commits, unattributed } = rankBlamedCommits(blamed.ranges, {
    reportedAt: reference,
    windowCommits,
    commitFiles: blamed.commitFiles,
  });
  if (unattributed > 0) {
    notes.push(
      `${unattributed} suspect line${unattributed === 1 ? '' : 's'} last changed before ${
        history.shallow ? "the shallow clone's cut" : `the ${historyDays} days of history blamed`
      } ${unattributed === 1 ? 'is' : 'are'} not attributed to a commit`,
    );
  }
  const ranked = commits
    .slice(0, limit)
    .map(({ lines: _lines, lineNumbers: _lineNumbers, boundary: _boundary, ...commit }) => {
      const url = commitLink(history, commit.id);
      return { ...commit, shortId: commit.id.slice(0, 12), ...(url ? { url } : {}) };
    });
  return { commits: await gateCommitTexts(ranked), notes, blameMs: blamed.blameMs };
}
