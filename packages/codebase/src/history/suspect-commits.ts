/**
 * Suspect commits: the commits that last changed the suspect ranges, ranked the way Sentry's
 * suspect commits and the SZZ literature suggest (Śliwerski, Zimmermann, Zeller 2005: the
 * bug-introducing change is among those that last touched the lines a fix changes); the ranking
 * itself is {@link rankBlamedCommits}. Commit text passes the secret gate.
 */
import type { CommitInfo } from './blame-range.js';
import {
  type BlameSuspectRangesOptions,
  blamedCommitIds,
  blameSuspectRanges,
  type SuspectRangeInput,
} from './blame-suspect-ranges.js';
import { gateCommitTexts } from './gate-commit-texts.js';
import { BLAME_HISTORY_DAYS } from './history-bounds.js';
import { commitLink, type GitHistory } from './open-git-history.js';
import { rankBlamedCommits } from './rank-suspect-commits.js';
import { runGit } from './run-git.js';

export type { SuspectRangeInput } from './blame-suspect-ranges.js';

/** A ranked suspect commit. */
export interface SuspectCommit extends CommitInfo {
  /** Short id (12 characters). */
  shortId: string;
  /** Commit page on GitHub/GitLab, when the remote is one. */
  url?: string;
  /**
   * Ranking score, higher is more suspect; comparable within one ranking only. With a claimed
   * window (`windowClaimed`) the window's commits come first whatever their scores.
   */
  score: number;
  /** The suspect ranges it last changed, with how many of their lines. */
  touches: { path: string; lines: [number, number]; changedLines: number }[];
  /** True when it lies inside the regression window. */
  inWindow?: boolean;
}

/** Options of {@link findSuspectCommits}. */
export interface FindSuspectCommitsOptions extends BlameSuspectRangesOptions {
  /** Ids of the commits inside the regression window, if one is known. */
  windowCommits?: ReadonlySet<string>;
  /**
   * The report says the window's good end worked ("works in 1.2.1, broke in 1.3.0"): a commit
   * the working version already held did not break it alone, so every blamed commit inside the
   * window ranks above every one outside, each part in the model's order. The learned weight of
   * `inWindow` cannot say this: the SZZ fixes it was fitted on seldom name a window (fresh-user
   * trial 42: the one window commit that changed the crashing line ranked below the initial
   * commit). Default false: a window read from a lone version is only a guess.
   */
  windowClaimed?: boolean;
  /**
   * The first version known to fail, as a commit id: a blamed commit that is not one of its
   * ancestors came after it (whatever its date says: a cherry-pick or a rebase keeps the author's
   * date) and cannot have caused the failure, so it is left out. Default: none left out.
   */
  failingCommit?: string;
  /** Commits returned. Default 5. */
  limit?: number;
  /** Path → 1-based lines the report's stack frames name there. Default none. */
  frameLines?: ReadonlyMap<string, readonly number[]>;
  /**
   * How well each blamed commit's own change matches the report, 0 to 1 (called once with the
   * blamed commits' ids and the blamed files; it must not throw). Default: not weighed.
   */
  matchReport?: (
    ids: readonly string[],
    paths: readonly string[],
  ) => Promise<ReadonlyMap<string, number>>;
}

/** What {@link findSuspectCommits} returns. */
export interface SuspectCommitsResult {
  commits: SuspectCommit[];
  /** What could not be blamed or was cut short, one sentence each. */
  notes: string[];
  /** Wall-clock time of the blames, in ms. */
  blameMs: number;
}

/**
 * The commits of `ids` that are not ancestors of `tip` (nor `tip` itself), asked of git one by one
 * (`merge-base --is-ancestor`, in parallel; a blame names a few dozen commits at most). A commit
 * git cannot answer for is kept.
 */
async function notAncestorsOf(
  history: GitHistory,
  ids: readonly string[],
  tip: string,
): Promise<Set<string>> {
  const answers = await Promise.all(
    ids.map(async (id) => {
      const result = await runGit(history.root, ['merge-base', '--is-ancestor', id, tip], {
        ...(history.signal ? { signal: history.signal } : {}),
      });
      return !result.ok && result.exitCode === 1 ? id : undefined;
    }),
  );
  return new Set(answers.filter((id) => id !== undefined));
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
    windowClaimed = false,
    failingCommit,
    limit = 5,
    timeoutMs,
    historyDays = BLAME_HISTORY_DAYS,
    frameLines,
    matchReport,
  }: FindSuspectCommitsOptions = {},
): Promise<SuspectCommitsResult> {
  const reference = reportedAt ?? history.headTime;
  const blamed = await blameSuspectRanges(history, ranges, {
    reportedAt: reference,
    historyDays,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  if (failingCommit) {
    const later = await notAncestorsOf(history, blamedCommitIds(blamed.ranges), failingCommit);
    blamed.ranges = blamed.ranges.map((range) => ({
      ...range,
      commits: range.commits && range.commits.filter((commit) => !later.has(commit.id)),
    }));
  }
  const notes = blamed.ranges
    .filter((range) => range.commits === null)
    .map((range) => `${range.path} could not be blamed (not committed, or git failed)`);
  const reportMatch = await matchReport?.(blamedCommitIds(blamed.ranges), [
    ...new Set(ranges.map((range) => range.path)),
  ]);
  const { commits, unattributed } = rankBlamedCommits(blamed.ranges, {
    reportedAt: reference,
    windowCommits,
    commitFiles: blamed.commitFiles,
    ...(frameLines ? { frameLines } : {}),
    ...(reportMatch ? { reportMatch } : {}),
  });
  if (unattributed > 0) {
    notes.push(
      `${unattributed} suspect line${unattributed === 1 ? '' : 's'} last changed before ${
        history.shallow ? "the shallow clone's cut" : `the ${historyDays} days of history blamed`
      } ${unattributed === 1 ? 'is' : 'are'} not attributed to a commit`,
    );
  }
  const ordered =
    windowClaimed && windowCommits
      ? [
          ...commits.filter((commit) => windowCommits.has(commit.id)),
          ...commits.filter((commit) => !windowCommits.has(commit.id)),
        ]
      : commits;
  const ranked = ordered
    .slice(0, limit)
    .map(({ lines: _lines, lineNumbers: _lineNumbers, boundary: _boundary, ...commit }) => {
      const url = commitLink(history, commit.id);
      return { ...commit, shortId: commit.id.slice(0, 12), ...(url ? { url } : {}) };
    });
  return { commits: await gateCommitTexts(ranked), notes, blameMs: blamed.blameMs };
}
