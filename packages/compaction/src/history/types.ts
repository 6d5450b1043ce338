/**
 * Shared shapes of `@sightline/compaction`: the store every mechanism writes to, the size of a
 * context slice, and the events a compaction records.
 *
 * Store paths are POSIX-style and absolute *within the store* (`/tool_results/<session>/<id>.txt`,
 * `/conversation_history/<session>.md`); they never name a place on the host file system. The
 * store interface is versioned (`version: 1`) so a pluggable backend written for another version is
 * rejected with a clear error instead of misbehaving (Sightline STYLE.md item 10).
 */
import type { ToolResultPart } from 'ai';

/**
 * What a tool result sends to the model (AI SDK `ToolResultOutput`: `text`, `json`, `error-text`,
 * `error-json`, `execution-denied`, `content`). `ai` does not re-export the type, so it is taken
 * from its `ToolResultPart`.
 */
export type ToolResultOutput = ToolResultPart['output'];

/** Version of the {@link CompactionStore} contract implemented by this package. */
export const STORE_VERSION = 1;

/** Size and age of one stored entry. */
export interface StoreEntryInfo {
  /** Store path, e.g. `/tool_results/s1/call_1.txt`. */
  path: string;
  /** Size of the content in bytes (UTF-8). */
  bytes: number;
  /** Number of lines (a trailing newline does not start a new line; empty content has 0). */
  lines: number;
  /** Last write or append, in milliseconds since the Unix epoch. */
  modifiedAt: number;
}

/** Options of {@link CompactionStore.read}. */
export interface StoreReadOptions {
  /** First line to return, 1-based. Default 1. */
  offset?: number;
  /** Most lines to return. Default: all lines from `offset`. */
  limit?: number;
}

/** A window of lines read from a stored entry. */
export interface StoreReadResult {
  /** Store path that was read. */
  path: string;
  /**
   * The selected lines, raw (no line numbers), joined with `\n`, without a trailing newline.
   * Callers that show lines to a model number them themselves (`lines[0]` is the first number).
   */
  content: string;
  /** First and last line returned, 1-based inclusive; `[offset, offset - 1]` when none. */
  lines: [start: number, end: number];
  /** Number of lines in the whole entry. */
  totalLines: number;
  /** Offset to pass to read the next lines, or `undefined` when the end was reached. */
  nextOffset: number | undefined;
}

/** Options of {@link CompactionStore.grep}. */
export interface StoreGrepOptions {
  /** Only search entries whose path starts with this prefix (e.g. `/tool_results/s1/`). Default `/`. */
  prefix?: string;
  /** Stop after this many matches. Default 100. */
  maxMatches?: number;
}

/** One line matched by {@link CompactionStore.grep}. */
export interface StoreMatch {
  /** Store path of the entry. */
  path: string;
  /** Line number, 1-based. */
  line: number;
  /** The matched line, cut to at most 500 characters (with `…` when cut). */
  text: string;
}

/**
 * Where compaction puts what leaves the context window: offloaded tool results, transcripts.
 *
 * Every method validates its path (see `assertStorePath`) and throws `SightlineError`
 * `STORE_PATH_INVALID` for `..`, `.`, empty segments, NUL, backslashes or a relative path; reading a
 * missing entry throws `STORE_ENTRY_NOT_FOUND`. Implementations: `createMemoryStore()`,
 * `createDiskStore({ root })`; both pass the same contract test suite.
 */
export interface CompactionStore {
  /** Contract version; this package only accepts `1`. */
  readonly version: 1;
  /**
   * Replaces the content at `path` (creating parent folders). Atomic for the disk store: a reader
   * sees the old content or the new one, never a part.
   * @throws SightlineError `STORE_PATH_INVALID`.
   */
  write(path: string, content: string): Promise<void>;
  /**
   * Appends `content` to the entry at `path`, creating it when missing. Never leaves a half-written
   * entry behind (the disk store rewrites through a temporary file).
   * @throws SightlineError `STORE_PATH_INVALID`.
   */
  append(path: string, content: string): Promise<void>;
  /**
   * Reads a window of lines.
   * @throws SightlineError `STORE_PATH_INVALID`, `STORE_ENTRY_NOT_FOUND`, `INVALID_ARGUMENT`
   * (offset < 1 or limit < 1).
   */
  read(path: string, options?: StoreReadOptions): Promise<StoreReadResult>;
  /**
   * Lists entries whose path starts with `prefix` (default `/`), sorted by path.
   * @throws SightlineError `STORE_PATH_INVALID` when `prefix` is not absolute.
   */
  list(prefix?: string): Promise<StoreEntryInfo[]>;
  /**
   * Finds lines matching `pattern`, in path order. A model may write the pattern, so it is RE2
   * syntax (JavaScript regular expressions without lookaround or backreferences; `(?i)` ignores
   * case), matched in linear time: no pattern can cause catastrophic backtracking. The built-in
   * stores scan the first 10,000 characters of each line and cut returned lines to 500.
   * @throws SightlineError `INVALID_REGEX` when the pattern does not compile; `STORE_PATH_INVALID`
   * for a prefix that is not absolute; `INVALID_ARGUMENT` when `maxMatches` < 1.
   */
  grep(pattern: string, options?: StoreGrepOptions): Promise<StoreMatch[]>;
  /** Size and age of the entry, or `undefined` when there is none. */
  stat(path: string): Promise<StoreEntryInfo | undefined>;
}

/**
 * A size of context, as a token count, a fraction of the model's context window, or a number of
 * messages. Pattern from deepagentsjs `libs/deepagents/src/middleware/summarization.ts` (`ContextSize`).
 */
export type ContextSize = { tokens: number } | { fraction: number } | { messages: number };

/** What a compaction event did (noun-verb names, Sightline STYLE.md item 9). */
export type CompactionEventType =
  /** A large tool result was written to the store and replaced by a path and a preview. */
  | 'tool-result-offload'
  /** Old tool results outside the recent window were masked to a one-line stub with their path. */
  | 'tool-result-mask'
  /** Large arguments of old write/edit-style tool calls were replaced by a pointer. */
  | 'tool-input-truncate'
  /** The older part of the history was replaced by a structured summary. */
  | 'history-summarize'
  /**
   * A warning, nothing moved: even after every mechanism (results inside the recent part masked
   * too) the prompt is over the prompt limit, because what may never be dropped (system prompt,
   * tool schemas, goal, summary, unfinished exchanges, tool calls) does not fit. Recorded once
   * per stretch over the limit, not at every step (`reason` says what did not fit).
   */
  | 'context-over-limit'
  /**
   * A warning, nothing moved, recorded once per session: a compaction could not reach its target
   * because the fixed part (system prompt, tool schemas, the goal quoted verbatim) and what must
   * stay verbatim take more. From then on compaction waits until the context has grown by the
   * trigger-to-target band past what it reached (at most to the prompt limit), so the prompt stays
   * append-only for long stretches instead of compacting, and missing the prompt cache, each step.
   */
  | 'target-unreachable'
  /**
   * A compaction (or an offload) that was due did not happen because the store failed (disk full,
   * permission): nothing left the context, the full history is still sent, and `reason` carries
   * the store's error. Nothing is lost.
   */
  | 'compaction-skip';

/** Something that left the context window, and where it now lives. */
export interface CompactionMove {
  /** Tool call the content belonged to, when it was a tool call or result. */
  toolCallId?: string;
  /** Name of that tool, when known. */
  toolName?: string;
  /** Store path holding the full content. */
  path: string;
}

/** A record of one compaction step; compaction never moves content without emitting one. */
export interface CompactionEvent {
  /** What happened. */
  type: CompactionEventType;
  /** Session id the event belongs to. */
  session: string;
  /**
   * Step number of the tool loop (0-based, as AI SDK's `prepareStep` `stepNumber`); -1 when the
   * emitter cannot know it (`wrapTools` without a `currentStep` option).
   */
  step: number;
  /**
   * Tokens of the whole context before the change: system prompt, tool schemas and messages
   * (calibrated estimate), for every event type. For a `tool-result-offload` done by `wrapTools`,
   * the context of the latest step plus the full result (the result is offloaded before it joins
   * the context); 0 plus the result when `wrapTools` runs without a compaction engine.
   */
  tokensBefore: number;
  /** Tokens of the whole context after the change (same scope as `tokensBefore`). */
  tokensAfter: number;
  /**
   * `tool-result-offload` only: tokens of the offloaded tool result(s) alone, before (full) and
   * after (path and preview), exact counts.
   */
  resultTokensBefore?: number;
  /** `tool-result-offload` only: tokens of the replacement(s); see `resultTokensBefore`. */
  resultTokensAfter?: number;
  /** What moved to the store. */
  moved: CompactionMove[];
  /** Why, for the warnings (`context-over-limit`, `target-unreachable`, `compaction-skip`). */
  reason?: string;
  /** When it happened, milliseconds since the Unix epoch. */
  at: number;
}

/** Receives {@link CompactionEvent}s; must not throw. */
export type CompactionEventListener = (event: CompactionEvent) => void;
