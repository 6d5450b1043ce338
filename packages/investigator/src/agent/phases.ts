/**
 * The phases of an investigation and their step budgets: the vocabulary the funnel, the prompts
 * and the loop share (its own module so none of them imports another for it).
 */

/** A phase of the investigation. */
export type AgentPhase = 'explore' | 'deep-dive' | 'output';

/** Step budgets per phase, and the tool-call budget of the run (whole numbers, at least 1). */
export interface FunnelBudgets {
  /** Most explore steps before deep-dive starts anyway. */
  explore: number;
  /** Most deep-dive steps before the output step. */
  deepDive: number;
  /**
   * Most tool calls of the run: once the calls so far reach it, the next step is the output step
   * (checked after each step, so a last step with several calls in parallel may pass it by those).
   * It bounds a model that repeats itself (the same call over and over) to a known cost. Default:
   * no budget of its own (the step budgets bound the run).
   */
  toolCalls?: number;
}

/**
 * Default budgets: 8 explore steps, 4 deep-dive steps, 14 code-tool calls in all.
 *
 * The tool-call budget is sized by measurement (`npm run bench:agent`, its "tool-call budget"
 * table; `bench/lib/real-run-calls.ts`): the 9 recorded real runs with a patch in
 * ../shared/data/trajectories and trajectories-long (SWE-agent, mini-swe-agent) needed 2, 3, 5,
 * 5, 11, 15, 20, 27 and 48 code-tool calls before their first edit of the file they fixed
 * (searches plus distinct files read, as Sightline's whole-file `read_file` would), a median of
 * 11 and an upper quartile of 20. The budget is the upper quartile, capped at the largest budget
 * whose worst-case context (every call at the code tools' 10,000-token cap) stays under the
 * compaction trigger of a 200k window for first messages of 2k–11k tokens (the shared reports
 * give 1.5k–4k with a 1,024-token map), so that `read_stored`/`search_stored` (402 tokens a step)
 * need not be offered (`needsStoredTools`): min(20, 14) = 14. Runs that need more are bounded by
 * the cost cap (`maxCostUsd`) instead; the bench's scripted investigations need at most 8.
 */
export const DEFAULT_FUNNEL_BUDGETS: FunnelBudgets = { explore: 8, deepDive: 4, toolCalls: 14 };

/**
 * The tools the agent is offered, in the order they are sent, in every phase: the list never
 * changes between steps, so the prompt prefix (tools, then system prompt) stays byte-stable and
 * cacheable; the phases narrow the work with step budgets, notes and, in the output step, tool
 * choice `none`. `read_stored` and `search_stored` (from @sightline/compaction) give back tool
 * results that compaction moved to its store; they are offered only when the run can store
 * something (`needsStoredTools`), decided once, before the first step.
 */
export const AGENT_TOOL_NAMES = [
  'grep',
  'read_file',
  'list_dir',
  'find_symbol',
  'suspect',
  'conclude',
  'read_stored',
  'search_stored',
] as const;

/** The tools that steer the funnel; they do not count against the tool-call budget. */
export const PHASE_TOOL_NAMES: ReadonlySet<string> = new Set(['suspect', 'conclude']);
