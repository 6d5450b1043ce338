/**
 * The blames the suspect-commit ranking reads: the suspect ranges blamed in parallel over the
 * history before the report, and how many files each blamed commit changed. (bench:history keys
 * its kept blames on this file, so the ranking around it can change without blaming again.)
 */
import { blameRange } from './blame-range.js';
import { readCommitSizes } from './commit-sizes.js';
import { BLAME_HISTORY_DAYS } from './history-bounds.js';
import type { GitHistory } from './open-git-history.js';
import type { BlamedRange } from './suspect-commit-features.js';

/** A range to blame, with how suspect it is. */
export interface SuspectRangeInput {
  path: string;
  /** 1-based inclusive range. */
  lines: [number, number];
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

/** Options of {@link blameSuspectRanges}. */
export interface BlameSuspectRangesOptions {
  /** When the failure was first reported, in ms since the epoch. Default HEAD's commit time. */
  reportedAt?: number;
  /** Time limit of each blame, in ms. Default 10,000. */
  timeoutMs?: number;
  /**
   * History blamed, in days before `reportedAt` (or HEAD's time when that is earlier); `null` for
   * all of it. Default {@link BLAME_HISTORY_DAYS}.
   */
  historyDays?: number | null;
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
  { reportedAt, timeoutMs, historyDays = BLAME_HISTORY_DAYS }: BlameSuspectRangesOptions = {},
): Promise<BlamedSuspectRanges> {
  const reference = reportedAt ?? history.headTime;
  // Counted back from HEAD when the report is later: a project quiet for years still has the
  // history before its last commit blamed (no commit can be newer than HEAD).
  const since =
    historyDays === null
      ? undefined
      : Math.min(reference, history.headTime) - historyDays * 86_400_000;
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
  const blamed = ranges.map((range, at) => ({
    path: range.path,
    lines: range.lines,
    commits: blames[at]?.commits ?? null,
  }));
  return {
    ranges: blamed,
    commitFiles: await readCommitSizes(history, blamedCommitIds(blamed)),
    blameMs,
  };
}

/** Ids of the commits the ranges' blames name (a shallow clone's cut left out), each once. */
export function blamedCommitIds(ranges: readonly BlamedRange[]): string[] {
  const ids = ranges.flatMap((range) =>
    (range.commits ?? []).filter((commit) => !commit.boundary).map((commit) => commit.id),
  );
  return [...new Set(ids)];
}
