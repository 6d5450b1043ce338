/**
 * History signals per file for the learned ranking: how often and how recently a file was changed
 * by a bug fix. A commit is a fix when its subject says so (fix, bug, crash, regression, …) or it
 * closes an issue (`fixes #12`, `closes gh-3`), the heuristic of the bug-localization literature
 * (Sisman & Kak 2012, "Incorporating version histories in information retrieval based bug
 * localization"; Wang & Lo 2014, "Version history, similar report, and structure"). Read from
 * the newest {@link FILE_HISTORY_COMMIT_BOUND} commits at most.
 */
import { FILE_HISTORY_COMMIT_BOUND } from './history-bounds.js';
import { type LoggedCommit, parseNulSeparatedLog } from './nul-separated-log.js';
import type { GitHistory } from './open-git-history.js';
import { type GitFailure, runGit } from './run-git.js';

export type { LoggedCommit } from './nul-separated-log.js';

/** Half-life of {@link FileHistoryFeatures.fixRecency}, in days (Sisman & Kak's decay, Sightline's choice of span). */
export const FIX_HALF_LIFE_DAYS = 90;

const FIX_SUBJECT =
  /\b(?:fix(?:e[sd])?|bug(?:fix)?|crash(?:es|ed)?|regression|hotfix|defect|broken|(?:close[sd]?|resolve[sd]?)\s+(?:gh-|#)\d+)\b/i;

/** The history numbers of one file. */
export interface FileHistoryFeatures {
  /** Commits that changed it, among those read. */
  commits: number;
  /** Fix commits that changed it. */
  fixCommits: number;
  /** Days from its newest fix to HEAD, or `null` when no fix changed it. */
  daysSinceFix: number | null;
  /** Σ 0.5^(age in days / {@link FIX_HALF_LIFE_DAYS}) over its fix commits (0 when none). */
  fixRecency: number;
}

/** Options of {@link readFileHistory}. */
export interface ReadFileHistoryOptions {
  /** Newest commits read. Default {@link FILE_HISTORY_COMMIT_BOUND}. */
  maxCommits?: number;
  /** Reference time, in ms since the epoch (e.g. when the report came). Default HEAD's time. */
  at?: number;
}

/** Whether a commit subject reads as a bug fix. */
export function isFixSubject(subject: string): boolean {
  return FIX_SUBJECT.test(subject);
}

/**
 * The log {@link readFileHistory} reads (see {@link readChangedFilesLog}): each commit's committer
 * time (s) and subject, from the newest {@link FILE_HISTORY_COMMIT_BOUND} commits, within 30,000 ms.
 */
export const FILE_HISTORY_LOG = {
  format: '%ct%x1f%s',
  maxCommits: FILE_HISTORY_COMMIT_BOUND,
  timeoutMs: 30_000,
} as const;

/**
 * Reads the per-file history signals.
 * @param history the opened history.
 * @returns repository-relative path → its numbers (files never changed in the commits read are
 *   absent), and how many commits were read. Never throws (an unreadable history gives an empty
 *   map).
 */
export async function readFileHistory(
  history: GitHistory,
  { maxCommits = FILE_HISTORY_COMMIT_BOUND, at = history.headTime }: ReadFileHistoryOptions = {},
): Promise<{ files: Map<string, FileHistoryFeatures>; commitsRead: number }> {
  return fileHistoryOf(await readChangedFilesLog(history, { ...FILE_HISTORY_LOG, maxCommits }), at);
}

/**
 * The per-file history signals of a log already read.
 * @param commits the log of {@link FILE_HISTORY_LOG}'s format, newest first; `undefined` (a log
 *   git could not read) gives an empty map.
 * @param at reference time, in ms since the epoch (see {@link ReadFileHistoryOptions.at}).
 * @returns as {@link readFileHistory}.
 */
export function fileHistoryOf(
  commits: readonly LoggedCommit[] | undefined,
  at: number,
): { files: Map<string, FileHistoryFeatures>; commitsRead: number } {
  const files = new Map<string, FileHistoryFeatures>();
  if (!commits) return { files, commitsRead: 0 };
  for (const { fields, paths } of commits) {
    const [seconds = '0', subject = ''] = fields;
    const fix = isFixSubject(subject);
    const ageDays = Math.max(0, at - Number(seconds) * 1000) / 86_400_000;
    for (const path of paths) {
      const entry = files.get(path) ?? {
        commits: 0,
        fixCommits: 0,
        daysSinceFix: null,
        fixRecency: 0,
      };
      entry.commits += 1;
      if (fix) {
        entry.fixCommits += 1;
        entry.fixRecency += 0.5 ** (ageDays / FIX_HALF_LIFE_DAYS);
        entry.daysSinceFix = Math.min(entry.daysSinceFix ?? Number.POSITIVE_INFINITY, ageDays);
      }
      files.set(path, entry);
    }
  }
  const commitsRead = commits.length;
  return { files, commitsRead };
}

/**
 * Version of what {@link readChangedFilesLog} gives for a format: a cache of its commits keys by
 * it. 2: read with `-z`, fields and paths as git printed them (1 split records at `\x1e`/`\x1d`,
 * which a message may hold).
 */
export const CHANGED_FILES_LOG_VERSION = 2;

/** What one `git log` of {@link readChangedFilesLog} prints each commit as. */
export interface ChangedFilesLogFormat {
  /** git's pretty format of a commit's fields, separated by `%x1f` (no `%x00`). */
  format: string;
  /** Newest commits read. */
  maxCommits: number;
}

/**
 * What {@link readChangedFilesLogs} gives: each format's commits, or runGit's failure
 * (`outputCapped` when git's output passed the cap, which it does again at the same HEAD).
 */
export type ChangedFilesLogsResult = { ok: true; logs: LoggedCommit[][] } | GitFailure;

/** Bounds of one `git log` read. */
export interface ChangedFilesLogBounds {
  /** Time limit of the read, in ms. */
  timeoutMs: number;
  /** Output cap, in bytes (runGit's default when absent). */
  maxBytes?: number;
}

/**
 * `git log -z` of the newest commits of HEAD (merges left out) with the files each changed: with
 * `-z`, git ends each commit's format with a NUL and prints each path NUL-terminated and unquoted
 * (git-log(1), `-z`).
 */
function changedFilesLogArgs(format: string, maxCommits: number): string[] {
  return [
    'log',
    '-z',
    // Messages as stored (UTF-8), not re-encoded to the repository's i18n.logOutputEncoding: a
    // UTF-16 one would put NUL bytes in every field.
    '--encoding=UTF-8',
    '--no-merges',
    '--no-renames',
    '--relative',
    `--max-count=${maxCommits}`,
    `--format=${format}`,
    '--name-only',
    'HEAD',
    '--',
  ];
}

/**
 * A format's `%x1f` field separators made NUL (`%x00`), and how many fields it prints. A `%%`
 * (a literal percent sign) is kept as it is, so `%%x1f` prints the text `%x1f`.
 */
function nulSeparated(format: string): { format: string; fields: number } {
  let fields = 1;
  const separated = format.replace(/%(?:%|x1f)/gi, (token) => {
    if (token === '%%') return token;
    fields += 1;
    return '%x00';
  });
  return { format: separated, fields };
}

/**
 * The newest commits of HEAD (merges left out) with the files each changed:
 * `git log -z --no-merges --no-renames --relative --name-only`, run read-only through `runGit`.
 * @param history the opened history.
 * @param options the format, the newest commits read and the read's bounds
 *   ({@link ChangedFilesLogFormat}, {@link ChangedFilesLogBounds}).
 * @returns the commits, newest first; `undefined` when git fails or runs out of time. Never throws.
 * @throws Error a format holding `%x00` (a programming error).
 */
export async function readChangedFilesLog(
  history: GitHistory,
  options: ChangedFilesLogFormat & ChangedFilesLogBounds,
): Promise<LoggedCommit[] | undefined> {
  const result = await readChangedFilesLogs(history, [options], options);
  return result.ok ? result.logs[0] : undefined;
}

function boundsOf({ timeoutMs, maxBytes }: ChangedFilesLogBounds) {
  return { timeoutMs, ...(maxBytes === undefined ? {} : { maxBytes }) };
}

/**
 * Several {@link readChangedFilesLog} reads from one `git log` (one walk and one tree diff per
 * commit instead of one per read): the formats' fields are printed side by side, each ended by a
 * NUL (which git never prints in a commit's fields, nor in a path of `-z --name-only`), over the
 * newest commits the largest `maxCommits` asks; each read takes its own fields and the commit's
 * paths of the first `maxCommits` commits, so each read gives the commits it gives alone (the first
 * `maxCommits` of one walk are the commits a walk bounded at `maxCommits` prints).
 * @param history the opened history.
 * @param formats the reads (formats without `%x00`).
 * @param bounds the one read's time limit (ms) and output cap (bytes).
 * @returns each format's commits, newest first, in the order asked; or, when git fails, runs out
 *   of time or passes the output cap, runGit's failure (every read fails then). Never throws.
 * @throws Error a format holding `%x00` (a programming error).
 */
export async function readChangedFilesLogs(
  history: GitHistory,
  formats: readonly ChangedFilesLogFormat[],
  bounds: ChangedFilesLogBounds,
): Promise<ChangedFilesLogsResult> {
  if (formats.some(({ format }) => /%x00/i.test(format))) {
    throw new Error('readChangedFilesLogs: a format may not print NUL (%x00)');
  }
  const maxCommits = Math.max(0, ...formats.map((read) => read.maxCommits));
  const separated = formats.map((read) => nulSeparated(read.format));
  const format = `%x00${separated.map((read) => read.format).join('%x00')}`;
  const fieldCount = separated.reduce((sum, read) => sum + read.fields, 0);
  const result = await runGit(
    history.root,
    changedFilesLogArgs(format, maxCommits),
    boundsOf(bounds),
  );
  if (!result.ok) return result;
  const commits = parseNulSeparatedLog(result.stdout, fieldCount);
  const logs = formats.map((read, which) => {
    const first = separated.slice(0, which).reduce((sum, { fields }) => sum + fields, 0);
    const count = separated[which]?.fields ?? 0;
    return commits.slice(0, read.maxCommits).map(({ fields, paths }) => ({
      fields: fields.slice(first, first + count),
      paths,
    }));
  });
  return { ok: true, logs };
}

/** Fix commits at which {@link historyFeatures}' `bugFixFrequency` reaches 1. */
const FREQUENCY_SCALE = 20;

/**
 * A file's history numbers as ranking features in [0, 1], the scale of the learned ranking's
 * other signals: `bugFixFrequency` = log(1 + fix commits) / log(1 + 20), capped at 1;
 * `bugFixRecency` = r / (1 + r) for r = {@link FileHistoryFeatures.fixRecency} (one fix today
 * gives 0.5, more and newer fixes approach 1).
 * @param entry the file's numbers from {@link readFileHistory}, or `undefined` for a file no
 *   commit read changed.
 * @returns both features (0 for a file without fixes).
 */
export function historyFeatures(entry: FileHistoryFeatures | undefined): {
  bugFixFrequency: number;
  bugFixRecency: number;
} {
  if (!entry || entry.fixCommits === 0) return { bugFixFrequency: 0, bugFixRecency: 0 };
  return {
    bugFixFrequency: Math.min(1, Math.log1p(entry.fixCommits) / Math.log1p(FREQUENCY_SCALE)),
    bugFixRecency: entry.fixRecency / (1 + entry.fixRecency),
  };
}
