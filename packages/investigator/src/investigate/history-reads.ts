/**
 * The history reads of one investigation, started before its indexing: git runs in child
 * processes while the index is built on the main thread, so the two overlap instead of adding up.
 * Every read that does not depend on the suspects starts at once: opening the history and its
 * regression window, the history features' logs (read once per HEAD, see history-log-cache.ts),
 * and blame's commit-graph (written once per checkout, see `prepareBlameGraph`). Only the BM25
 * search of the report's text and blame of the suspects wait for the index.
 */
import type { GitHistory, PreparedCommitGraph } from '@sightline/codebase';
import type { Report } from '@sightline/intake';
import { cachedHistoryLog, type HistoryLog } from '../localize/index.js';
import {
  openReportHistory,
  prepareBlameGraph,
  type ReportHistory,
  readReportHistory,
} from './read-history.js';

/** Options of {@link startHistoryReads}. */
export interface HistoryReadsOptions {
  /** See `InvestigateSettings.history`. Default true. */
  history?: boolean | GitHistory | null;
  /** See `InvestigateSettings.cacheDir`: the logs go to `<cacheDir>/history-log`. */
  cacheDir?: string | false;
  /** Whether the ranking weighs the history features (else their logs are not read). */
  features: boolean;
  /** See `DescribeHistoryOptions.commitGraphDir`. Default `~/.cache/sightline/commit-graph/…`. */
  commitGraphDir?: string | false;
  /**
   * Stops the commit-graph's write when it fires (the investigation ended), and, through the
   * history `graph` gives, blame run on it (`GitHistory.signal`).
   */
  signal?: AbortSignal;
}

/** The reads {@link startHistoryReads} started. */
export interface HistoryReads {
  /** Warnings of a history git refused, one sentence each; complete once `read` settled. */
  warnings: string[];
  /** The history with the report's regression window; `null` without history. */
  read: Promise<ReportHistory | null>;
  /** The history features' logs; `undefined` without history or when they are not weighed. */
  log: Promise<HistoryLog | undefined>;
  /** Blame's commit-graph made ready; `undefined` without history or with `commitGraphDir` false. */
  graph: Promise<PreparedCommitGraph | undefined>;
}

/**
 * Starts the history reads of an investigation (each never throws; see `openReportHistory`,
 * `readReportHistory`, `cachedHistoryLog`, `prepareBlameGraph`).
 * @param root the repository folder.
 * @param report the parsed report (for its regression window).
 * @returns the reads, running.
 */
export function startHistoryReads(
  root: string,
  report: Report,
  { history, cacheDir, features, commitGraphDir, signal }: HistoryReadsOptions,
): HistoryReads {
  const warnings: string[] = [];
  const opening = openReportHistory(root, history, (warning) => warnings.push(warning));
  const read = opening.then((opened) => (opened ? readReportHistory(opened, report) : null));
  const log = opening.then((opened) =>
    opened && features
      ? cachedHistoryLog(opened, cacheDir === undefined ? {} : { cacheDir })
      : undefined,
  );
  const graph = opening.then((opened) =>
    opened && !signal?.aborted
      ? prepareBlameGraph(signal ? { ...opened, signal } : opened, commitGraphDir)
      : undefined,
  );
  // Awaited after indexing; an investigation ended before (aborted) leaves them unawaited.
  for (const reading of [read, log, graph]) reading.catch(() => undefined);
  return { warnings, read, log, graph };
}

/**
 * The warning of history features partly left out, one sentence; `undefined` for a complete log.
 * A log past git's output cap is said to be remembered only when a disk cache is used (`cacheDir`
 * not false); without one, later runs read it again.
 * @param log the history features' logs.
 * @param cacheDir see `InvestigateSettings.cacheDir`.
 */
export function historyLogWarning(
  log: Pick<HistoryLog, 'complete' | 'outputCapped'>,
  cacheDir: string | false | undefined,
): string | undefined {
  if (log.complete) return undefined;
  const partly =
    "The ranking's history features (bug-fix frequency and recency, likeness to commit messages) are partly left out:";
  if (!log.outputCapped)
    return `${partly} git could not read the commit log (a time limit or a git error); investigate again to retry.`;
  return cacheDir === false
    ? `${partly} git's commit log at this HEAD is larger than the output cap; with the cache off (--no-cache) this is not kept on disk, so a later run reads the log again.`
    : `${partly} git's commit log at this HEAD is larger than the output cap; this is kept in the history-log cache (when its folder can be written), so the log is read again only when HEAD moves.`;
}
