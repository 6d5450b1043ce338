/**
 * Whether an investigation can put anything in compaction's store, and so needs `read_stored` and
 * `search_stored` (402 tokens of tool definitions on every step). A run stores a tool result when
 * it is larger than the offload limit, or history when the context reaches the compaction
 * trigger. The code tools cap each result, and the tool-call budget caps how many there are
 * (`tool-call-budget.ts`), so the largest context a run can reach is known before it starts: with
 * a 200k window and the default budgets nothing is ever stored, and the tools are not offered.
 */
import { DEFAULT_LIMITS } from '@sightline/codebase';
import type { FunnelBudgets } from './phases.js';

/** Share of the window at which compaction starts (its `trigger`). */
export const COMPACTION_TRIGGER = 0.85;
/** Tokens allowed for the system prompt and the tool definitions. */
const PROMPT_ALLOWANCE = 4_000;
/** Tokens allowed per step for the model's own turn (text and tool call arguments) and the note. */
const STEP_ALLOWANCE = 1_000;

/** What {@link needsStoredTools} weighs. */
export interface StoredToolsInput {
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** Tool results above this many tokens are offloaded. */
  offloadLimitTokens: number;
  budgets: FunnelBudgets;
  /** Tokens of the first user message (report, repository map, suspects). */
  firstMessageTokens: number;
}

/**
 * True when the run may store something: a code tool result can exceed the offload limit, the
 * run has no tool-call budget, or its largest possible context (first message, prompt allowance,
 * every budgeted tool result at the code tools' cap, every step's allowance) reaches the trigger.
 */
export function needsStoredTools({
  contextWindow,
  offloadLimitTokens,
  budgets,
  firstMessageTokens,
}: StoredToolsInput): boolean {
  const resultCap = DEFAULT_LIMITS.maxOutputTokens;
  if (offloadLimitTokens < resultCap || budgets.toolCalls === undefined) return true;
  const steps = budgets.explore + budgets.deepDive + 2;
  const largest =
    firstMessageTokens + PROMPT_ALLOWANCE + budgets.toolCalls * resultCap + steps * STEP_ALLOWANCE;
  return largest >= contextWindow * COMPACTION_TRIGGER;
}
