/**
 * Suspect commits: the commits that last changed the suspect ranges, ranked the way Sentry's
 * suspect commits and the SZZ literature suggest (Śliwerski, Zimmermann, Zeller 2005: the
 * bug-introducing change is among those that last touched the lines a fix changes). A commit
 * scores by how much of each range it last changed, weighted by the range's rank, then by how
 * recently before the first report it was made (half-life {@link RECENCY_HALF_LIFE_DAYS});
 * commits inside a regression window weigh {@link WINDOW_WEIGHT} times more. Commits made after
 * the first report cannot have caused it and are left out. Commit text passes the secret gate.
 */
import { blameRange, type CommitInfo } from './blame-range.js';
import { gateCommitTexts } from './gate-commit-texts.js';
import { BLAME_HISTORY_DAYS } from './history-bounds.js';
import { commitLink, type GitHistory } from './open-git-history.js';

/** Half-life of the recency weight, in days (Sightline's choice, measured by bench:history). */
export const RECENCY_HALF_LIFE_DAYS = 180;
/** Weight of a commit inside the regression window, relative to one outside it. */
export const WINDOW_WEIGHT = 4;

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
  const notes: string[] = [];
  let unattributed = 0;
  const scored = new Map<string, SuspectCommit>();
  blames.forEach((blame, rank) => {
    const range = ranges[rank];
    if (!range) return;
    if (!blame) {
      notes.push(`${range.path} could not be blamed (not committed, or git failed)`);
      return;
    }
    const length = range.lines[1] - range.lines[0] + 1;
    const rankWeight = 1 / (rank + 1);
    for (const commit of blame.commits) {
      // A boundary commit (the shallow clone's cut, or the blamed history's start) only stands
      // for older, unknown authors of its lines.
      if (commit.boundary) {
        unattributed += commit.lines;
        continue;
      }
      if (commit.time > reference) continue;
      const ageDays = Math.max(0, reference - commit.time) / 86_400_000;
      const recency = 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
      const inWindow = windowCommits?.has(commit.id) ?? false;
      const gain =
        rankWeight * (commit.lines / length) * (0.25 + recency) * (inWindow ? WINDOW_WEIGHT : 1);
      const known = scored.get(commit.id);
      const touch = { path: range.path, lines: range.lines, changedLines: commit.lines };
      if (known) {
        known.score += gain;
        known.touches.push(touch);
        continue;
      }
      const url = commitLink(history, commit.id);
      scored.set(commit.id, {
        id: commit.id,
        shortId: commit.id.slice(0, 12),
        author: commit.author,
        time: commit.time,
        subject: commit.subject,
        ...(url ? { url } : {}),
        score: gain,
        touches: [touch],
        ...(windowCommits ? { inWindow } : {}),
      });
    }
  });
  if (unattributed > 0) {
    notes.push(
      `${unattributed} suspect line${unattributed === 1 ? '' : 's'} last changed before ${
        history.shallow ? "the shallow clone's cut" : `the ${historyDays} days of history blamed`
      } ${unattributed === 1 ? 'is' : 'are'} not attributed to a commit`,
    );
  }
  const ranked = [...scored.values()]
    .sort((a, b) => b.score - a.score || b.time - a.time)
    .slice(0, limit);
  return { commits: await gateCommitTexts(ranked), notes, blameMs };
}
