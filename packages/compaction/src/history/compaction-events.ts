/**
 * The events a compaction records: what moved out of the context window, where it now lives, and
 * the warnings when nothing could move. Compaction never moves content without emitting one
 * (`onEvent` of `createCompaction` and of `wrapTools`).
 */

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
