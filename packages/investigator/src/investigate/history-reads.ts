/**
 * The history reads of one investigation, started before its indexing: git runs in child
 * processes while the index is built on the main thread, so the two overlap instead of adding up.
 * Both reads that do not depend on the suspects start at once: opening the history and its
 * regression window, and the history features' logs (read once per HEAD, see
 * history-log-cache.ts). Only the BM25 search of the report's text waits for the index.
 */
import type { GitHistory } from '@sightline/codebase';
import type { Report } from '@sightline/intake';
import { cachedHistoryLog, type HistoryLog } from '../localize/index.js';
import { openReportHistory, type ReportHistory, readReportHistory } from './read-history.js';

/** Options of {@link startHistoryReads}. */
export interface HistoryReadsOptions {
  /** See `InvestigateSettings.history`. Default true. */
  history?: boolean | GitHistory | null;
  /** See `InvestigateSettings.cacheDir`: the logs go to `<cacheDir>/history-log`. */
  cacheDir?: string | false;
  /** Whether the ranking weighs the history features (else their logs are not read). */
  features: boolean;
}

/** The reads {@link startHistoryReads} started. */
export interface HistoryReads {
  /** Warnings of a history git refused, one sentence each; complete once `read` settled. */
  warnings: string[];
  /** The history with the report's regression window; `null` without history. */
  read: Promise<ReportHistory | null>;
  /** The history features' logs; `undefined` without history or when they are not weighed. */
  log: Promise<HistoryLog | undefined>;
}

/**
 * Starts the history reads of an investigation (each never throws; see `openReportHistory`,
 * `readReportHistory`, `cachedHistoryLog`).
 * @param root the repository folder.
 * @param report the parsed report (for its regression window).
 * @returns the reads, running.
 */
export function startHistoryReads(
  root: string,
  report: Report,
  { history, cacheDir, features }: HistoryReadsOptions,
): HistoryReads {
  const warnings: string[] = [];
  const opening = openReportHistory(root, history, (warning) => warnings.push(warning));
  const read = opening.then((opened) => (opened ? readReportHistory(opened, report) : null));
  const log = opening.then((opened) =>
    opened && features
      ? cachedHistoryLog(opened, cacheDir === undefined ? {} : { cacheDir })
      : undefined,
  );
  // Awaited after indexing; an investigation ended before (aborted) leaves them unawaited.
  for (const reading of [read, log]) reading.catch(() => undefined);
  return { warnings, read, log };
}
