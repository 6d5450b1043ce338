/** The shape of a replay: what a scripted model replays of a recorded agent run. */

/** One tool call of a replayed turn and the result that was recorded for it. */
export interface ReplayToolCall {
  /** The recorded id (function-calling layout) or `call_<turn>` / `call_<turn>_<n>`. */
  toolCallId: string;
  /** Function name, or the first word of the command, reduced to `[A-Za-z0-9_-]` (64 at most). */
  toolName: string;
  /** Parsed function arguments, or `{ command }` with the whole command line. */
  input: Record<string, unknown>;
  /** The observation the environment returned, exactly as the model saw it. */
  result: string;
}

/** One assistant turn: its thought and the tool calls it made. */
export interface ReplayTurn {
  /** The assistant's reasoning text before the call (may be empty). */
  thought: string;
  /** At least one call; SWE-agent makes exactly one per turn. */
  toolCalls: ReplayToolCall[];
  /**
   * Prompt tokens the provider reported for the call that produced this turn (mini-swe-agent
   * files), counted with the provider's own tokenizer; `undefined` when not recorded.
   */
  reportedPromptTokens?: number;
}

/** A trajectory turned into what a scripted model replays. */
export interface ReplayScript {
  /** The system prompt. */
  system: string;
  /** The first user message: the task, which must survive every compaction verbatim. */
  goal: string;
  /** Assistant turns in order. */
  turns: ReplayTurn[];
}

/** The recorded results of a script, by tool call id, and its tool names in order of first use. */
export interface RecordedResults {
  results: Map<string, string>;
  toolNames: string[];
}

/**
 * Collects what the recorded tools must answer.
 * @param script - the replay script.
 * @returns each call's recorded result by its id, and the distinct tool names.
 */
export function recordedResults(script: ReplayScript): RecordedResults {
  const results = new Map<string, string>();
  const names = new Set<string>();
  for (const call of script.turns.flatMap((turn) => turn.toolCalls)) {
    results.set(call.toolCallId, call.result);
    names.add(call.toolName);
  }
  return { results, toolNames: [...names] };
}
