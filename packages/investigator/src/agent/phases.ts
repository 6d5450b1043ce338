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

/** Default budgets: 8 explore steps, 4 deep-dive steps, 10 tool calls in all. */
export const DEFAULT_FUNNEL_BUDGETS: FunnelBudgets = { explore: 8, deepDive: 4, toolCalls: 10 };

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
