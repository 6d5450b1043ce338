/**
 * The shapes of the compaction engine: its options, the offload it calls on each new message, and
 * the engine's interface (see `createCompactionEngine`).
 */
import type { ModelProfile } from '@sightline/core';
import type { LanguageModel, ModelMessage } from 'ai';
import type { CompactionEvent, CompactionMove } from '../history/compaction-events.js';
import type { ContextSize } from '../history/context-size.js';
import type { CompactionStore } from '../stores/compaction-store.js';
import type { UsageCalibration } from './usage-calibration.js';

/** Replaces large tool results of one new message by a stored path and preview. */
export type OffloadMessage = (message: ModelMessage) => Promise<{
  message: ModelMessage;
  moved: CompactionMove[];
  /** Tokens of the offloaded results alone, before and after; omitted when unknown. */
  resultTokensBefore?: number;
  resultTokensAfter?: number;
}>;

/** Options of `createCompactionEngine`. */
export interface CompactionEngineOptions {
  /** Session id (names store paths and events). */
  session: string;
  /** Store for offloaded content and transcripts. */
  store: CompactionStore;
  /** The model's window, output limit and encoding. */
  profile: ModelProfile;
  /** Context size from which compaction runs. */
  trigger: ContextSize;
  /** Newest part kept verbatim (also the window masking spares), at most. */
  keepRecent: ContextSize;
  /**
   * Size a compaction brings the context down to (hysteresis; see `DEFAULT_COMPACTION_TARGET`).
   * `{ messages }` is not accepted; capped at the trigger and the prompt limit. Default
   * `DEFAULT_COMPACTION_TARGET`.
   */
  target?: ContextSize;
  /** Size from which a string tool argument is truncated, in tokens. */
  largeInputTokens?: number;
  /** Model writing summaries; extractive summaries without one. */
  summarizer?: LanguageModel;
  /** Tokens of one message (exact; cached by the caller). */
  countMessage: (message: ModelMessage) => number;
  /** Offload of large tool results in a newly appended message. */
  offload: OffloadMessage;
  /** Receives every event. */
  onEvent?: (event: CompactionEvent) => void;
  /** Scales exact counts to what the provider bills (see `createUsageCalibration`). Default: none. */
  calibration?: UsageCalibration;
}

/** The engine's state and its one operation. */
export interface CompactionEngine {
  /**
   * Brings the view up to date with the loop's history and compacts it when needed.
   * @param messages - the full history of the loop (as `prepareStep` receives it).
   * @param context - `step`, the step number for events; `fixedTokens`, the tokens sent outside
   * the messages this step (system prompt, tool schemas).
   * @returns the messages to send this step.
   */
  step(
    messages: readonly ModelMessage[],
    context: { step: number; fixedTokens: number },
  ): Promise<ModelMessage[]>;
  /**
   * Records an event produced outside the engine (offloads done by `wrapTools`).
   * @param event - the event; passed on to `onEvent`.
   */
  addEvent(event: CompactionEvent): void;
  /** Step number of the latest `step` call (-1 before the first). */
  readonly currentStep: number;
  /** Asks for a full compaction (mask and summarize) at the next step, whatever the size. */
  requestCompaction(): void;
  /**
   * Records the input tokens the provider reported for the prompt of the last step.
   * @param reported - `usage.inputTokens`; `undefined` is ignored.
   */
  observeUsage(reported: number | undefined): void;
  /** Tokens of the current view plus system prompt and tool schemas (calibrated estimate). */
  contextTokens(): number;
  /** Events so far, oldest first. */
  readonly events: readonly CompactionEvent[];
}
