/**
 * History features of the learned ranking, read from a git checkout's past commits
 * ({@link HISTORY_FEATURES}; each in [0, 1], 0 for a file no commit read changed and for every
 * file of a tree without history):
 *
 * - `bugFixFrequency`, `bugFixRecency`: how often and how recently bug fixes changed the file
 *   (`historyFeatures` of @sightline/codebase; Sisman & Kak 2012, BugLocator's and Ye et al.'s
 *   fix-history features).
 * - `historySimilarity`: BM25 similarity of the report to the messages of the commits that changed
 *   the file, best file 1 — the report's likeness to the file's past changes, after the
 *   collaborative-filtering feature of Ye, Bunescu & Liu (FSE 2014: similarity to earlier fixed
 *   reports of the file), BugLocator's similar-report score (Zhou et al., ICSE 2012) and Locus'
 *   commit-log context (Wen et al., ASE 2016). Commit messages stand in for earlier reports: a fix's
 *   message usually restates the report it closed. The newest {@link MESSAGE_COMMIT_BOUND} commits
 *   are read; a commit changing more than {@link MESSAGE_MAX_FILES} files (an import, a mass
 *   rename or reformat) is skipped, since its message says nothing of any one file; each file
 *   keeps its newest {@link MESSAGES_PER_FILE} messages.
 *
 * Git is run through `readChangedFilesLogs` of @sightline/codebase (read-only, fixed arguments, no
 * shell, time limit, output cap; both logs from one `git log`); a history that cannot be read gives
 * no features, never an error. The two logs do not depend on the report ({@link HistoryLogs}: read
 * once per HEAD, see history-log-cache.ts), nor does the BM25 index of messages
 * (message-index.ts); only its search does ({@link historyVectors}).
 */
import {
  FILE_HISTORY_LOG,
  type FileHistoryFeatures,
  fileHistoryOf,
  GIT_MAX_BYTES,
  type GitHistory,
  historyFeatures,
  type LoggedCommit,
  readChangedFilesLog,
  readChangedFilesLogs,
} from '@sightline/codebase/internal';
import { tokenizeCode } from './code-tokens.js';
import { buildMessageIndex, type MessageIndex, searchMessageIndex } from './message-index.js';

/** The history features, in the order they follow the interactions in `RANKING_FEATURES`. */
export const HISTORY_FEATURES = ['bugFixFrequency', 'bugFixRecency', 'historySimilarity'] as const;

/** Newest commits whose messages are read. */
export const MESSAGE_COMMIT_BOUND = 2_000;
/** Commits changing more files than this are left out of the messages. */
export const MESSAGE_MAX_FILES = 50;
/** Newest messages kept per file. */
export const MESSAGES_PER_FILE = 30;

/** Time limit of the message read, in ms (a long history's log takes seconds). */
const MESSAGE_TIMEOUT_MS = 30_000;
/** Output cap of the message read, in bytes. */
const MESSAGE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The log {@link readCommitMessages} reads (see `readChangedFilesLog`): each commit's raw message,
 * from the newest {@link MESSAGE_COMMIT_BOUND} commits.
 */
export const MESSAGE_LOG = {
  format: '%B',
  maxCommits: MESSAGE_COMMIT_BOUND,
  timeoutMs: MESSAGE_TIMEOUT_MS,
  maxBytes: MESSAGE_MAX_BYTES,
} as const;

/**
 * The messages of the commits that changed each file, newest first.
 * @param history the opened history (its HEAD is read back from).
 * @returns repository-relative path → its messages (subject and body), at most
 *   {@link MESSAGES_PER_FILE}; empty when the log cannot be read. Never throws.
 */
export async function readCommitMessages(history: GitHistory): Promise<Map<string, string[]>> {
  return commitMessagesOf(await readChangedFilesLog(history, MESSAGE_LOG));
}

/**
 * The messages per file of a log already read.
 * @param commits the log of {@link MESSAGE_LOG}'s format, newest first; `undefined` (a log git
 *   could not read) gives an empty map.
 * @returns as {@link readCommitMessages}.
 */
export function commitMessagesOf(
  commits: readonly LoggedCommit[] | undefined,
): Map<string, string[]> {
  const messages = new Map<string, string[]>();
  for (const { fields, paths } of commits ?? []) {
    if (paths.length === 0 || paths.length > MESSAGE_MAX_FILES) continue;
    const message = fields.join('\x1f').trim();
    for (const path of paths) {
      const list = messages.get(path) ?? [];
      if (list.length < MESSAGES_PER_FILE) list.push(message);
      messages.set(path, list);
    }
  }
  return messages;
}

/**
 * BM25 similarity of a report to each file's commit messages (wink-bm25-text-search, its default
 * k1 = 1.2, b = 0.75; terms from `tokenizeCode`).
 * @param messages path → messages, from {@link readCommitMessages}.
 * @param reportText the report's title and body.
 * @returns path → score divided by the best file's (1 for the best); files sharing no term absent.
 */
export function messageSimilarity(
  messages: ReadonlyMap<string, readonly string[]>,
  reportText: string,
): Map<string, number> {
  return similarityIn(messages, reportText, () => buildMessageIndex(messages));
}

/** {@link messageSimilarity} searching the index `index` gives (asked only when there is a search). */
function similarityIn(
  messages: ReadonlyMap<string, readonly string[]>,
  reportText: string,
  index: () => MessageIndex,
): Map<string, number> {
  const scores = new Map<string, number>();
  const query = tokenizeCode(reportText);
  if (messages.size === 0 || query.length === 0) return scores;
  const hits = searchMessageIndex(index(), query, messages.size + 3);
  const best = hits.reduce((most, [, score]) => Math.max(most, score), 0);
  for (const [path, score] of hits) scores.set(path, score / best);
  return scores;
}

/** The two logs the history features are read from, as git printed them (see `readChangedFilesLog`). */
export interface HistoryLogs {
  /** The log of `FILE_HISTORY_LOG` (the bug-fix features); absent when git could not read it. */
  files?: LoggedCommit[];
  /** The log of {@link MESSAGE_LOG} (the messages); absent when git could not read it. */
  messages?: LoggedCommit[];
  /**
   * True when a log is absent because git's output passed its cap, and each other absent log for
   * the same reason: the same reads at the same HEAD give the same logs (unlike a time limit,
   * which a later, less busy read may meet).
   */
  outputCapped?: true;
}

/**
 * Output cap of {@link readHistoryLogs}' one read, in bytes: the two reads' caps together (runGit's
 * default for the files' log, {@link MESSAGE_MAX_BYTES} for the messages').
 */
export const HISTORY_LOGS_MAX_BYTES = GIT_MAX_BYTES + MESSAGE_MAX_BYTES;

/**
 * Reads both logs of the history features: the newest 5,000 commits' times and subjects, and the
 * newest 2,000 commits' messages, each with its files; each log is what its own `git log` gives.
 * First from one `git log` (`readChangedFilesLogs`: one walk and one tree diff per commit for
 * both), which prints the messages of all 5,000 commits; when that passes
 * {@link HISTORY_LOGS_MAX_BYTES} (long messages past the newest 2,000), each log is read on its own
 * within its own cap (runGit's default and {@link MESSAGE_MAX_BYTES}), as before the two were
 * joined, so a history whose messages are long loses no log the separate reads keep.
 * @param history the opened history.
 * @param options.maxBytes the output cap, in bytes, of the one read; each separate read's cap is
 *   at most this too. Default {@link HISTORY_LOGS_MAX_BYTES}.
 * @returns the logs; a log is absent when git could not read it (`outputCapped` when a read
 *   passed its cap, which it does again at the same HEAD). Never throws.
 */
export async function readHistoryLogs(
  history: GitHistory,
  { maxBytes = HISTORY_LOGS_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<HistoryLogs> {
  const logs = await readChangedFilesLogs(history, [FILE_HISTORY_LOG, MESSAGE_LOG], {
    timeoutMs: Math.max(FILE_HISTORY_LOG.timeoutMs, MESSAGE_LOG.timeoutMs),
    maxBytes,
  });
  if (logs.ok) {
    const [files = [], messages = []] = logs.logs;
    return { files, messages };
  }
  if (!logs.outputCapped) return {};
  const alone = (read: typeof FILE_HISTORY_LOG | typeof MESSAGE_LOG, cap: number) =>
    readChangedFilesLogs(history, [read], {
      timeoutMs: read.timeoutMs,
      maxBytes: Math.min(cap, maxBytes),
    });
  const [files, messages] = await Promise.all([
    alone(FILE_HISTORY_LOG, GIT_MAX_BYTES),
    alone(MESSAGE_LOG, MESSAGE_MAX_BYTES),
  ]);
  // Settled: read, or past its cap (a time limit may pass on a later try; a cap will not).
  const reads = [files, messages];
  const capped =
    reads.some((read) => !read.ok) && reads.every((read) => read.ok || read.outputCapped);
  return {
    ...(files.ok ? { files: files.logs[0] ?? [] } : {}),
    ...(messages.ok ? { messages: messages.logs[0] ?? [] } : {}),
    ...(capped ? { outputCapped: true as const } : {}),
  };
}

/** What the history features know of a HEAD before any report: per-file fixes and messages. */
export interface HistoryLog {
  /** Path → bug-fix numbers (`fileHistoryOf`, at HEAD's time). */
  files: ReadonlyMap<string, FileHistoryFeatures>;
  /** Path → commit messages ({@link commitMessagesOf}). */
  messages: ReadonlyMap<string, readonly string[]>;
  /** False when git could not read a log (a time limit, the output cap): its features are 0. */
  complete: boolean;
  /**
   * True when git could not read the logs because its output passed the cap: reading again at
   * this HEAD gives the same ({@link HistoryLogs.outputCapped}).
   */
  outputCapped: boolean;
}

/**
 * The report-independent part of the history features, from the logs.
 * @param logs the logs ({@link readHistoryLogs}).
 * @param headTime HEAD's committer time, in ms since the epoch (the bug-fix recency's reference).
 */
export function historyLogOf(logs: HistoryLogs, headTime: number): HistoryLog {
  return {
    files: fileHistoryOf(logs.files, headTime).files,
    messages: commitMessagesOf(logs.messages),
    complete: logs.files !== undefined && logs.messages !== undefined,
    outputCapped: logs.outputCapped === true,
  };
}

// Each log's BM25 index of messages, given by the cache or built at its first report, and
// searched for every later one.
const indexes = new WeakMap<HistoryLog, MessageIndex>();

/**
 * The log's BM25 index of messages: the one given to it ({@link useMessageIndex}), else built now
 * (`buildMessageIndex` of its messages) and kept with it.
 */
export function messageIndexOf(log: HistoryLog): MessageIndex {
  let index = indexes.get(log);
  if (!index) {
    index = buildMessageIndex(log.messages);
    indexes.set(log, index);
  }
  return index;
}

/**
 * Gives a log the BM25 index of its messages, so that it is not built again.
 * @param log the log.
 * @param index an index of exactly `log.messages` built by this code (an export of
 *   {@link messageIndexOf}'s, kept under its `messageIndexVersion`).
 */
export function useMessageIndex(log: HistoryLog, index: MessageIndex): void {
  indexes.set(log, index);
}

/**
 * Every history feature of the files a log knows, for one report. The log's BM25 index of
 * messages is built at its first report (unless given, {@link useMessageIndex}) and kept with
 * it, so a later report of the same log pays only its search.
 * @param log what {@link historyLogOf} read.
 * @param reportText the report's title and body.
 * @returns path → values in {@link HISTORY_FEATURES} order, for the files with any value above 0
 *   (a file absent has all 0).
 */
export function historyVectors(log: HistoryLog, reportText: string): Map<string, number[]> {
  const { files, messages } = log;
  const similarity = similarityIn(messages, reportText, () => messageIndexOf(log));
  const vectors = new Map<string, number[]>();
  for (const path of new Set([...files.keys(), ...similarity.keys()])) {
    const { bugFixFrequency, bugFixRecency } = historyFeatures(files.get(path));
    const values = [bugFixFrequency, bugFixRecency, similarity.get(path) ?? 0];
    if (values.some((value) => value > 0)) vectors.set(path, values);
  }
  return vectors;
}

/**
 * Every history feature of the files a checkout's history knows (its logs read now, uncached;
 * see history-log-cache.ts for the investigation's cached reading).
 * @param history the opened history.
 * @param reportText the report's title and body.
 * @returns path → values in {@link HISTORY_FEATURES} order, for the files with any value above 0
 *   (a file absent has all 0). Never throws.
 */
export async function readHistoryFeatures(
  history: GitHistory,
  reportText: string,
): Promise<Map<string, number[]>> {
  return historyVectors(historyLogOf(await readHistoryLogs(history), history.headTime), reportText);
}
