/**
 * The tool funnel: explore → deep-dive → output, enforced with the AI SDK's `prepareStep`
 * (`activeTools`, `toolChoice`, per-step `messages`) and ended with `stopWhen`. Narrowing the
 * tools as the investigation converges keeps the model from wandering and guarantees a final
 * written answer (the pattern of Anthropic's "Building effective agents", 2024: tools per stage,
 * explicit stopping conditions).
 */
import type { ModelMessage, PrepareStepFunction, StopCondition, ToolSet } from 'ai';
import { deepDiveNote, OUTPUT_INSTRUCTIONS } from './prompts.js';

/** A phase of the investigation. */
export type AgentPhase = 'explore' | 'deep-dive' | 'output';

/** Step budgets per phase (whole numbers, at least 1). */
export interface FunnelBudgets {
  /** Most explore steps before deep-dive starts anyway. */
  explore: number;
  /** Most deep-dive steps before the output step. */
  deepDive: number;
}

/** Default budgets: 8 explore steps, 4 deep-dive steps. */
export const DEFAULT_FUNNEL_BUDGETS: FunnelBudgets = { explore: 8, deepDive: 4 };

/**
 * Tools offered in each phase; the output phase offers none. `read_stored` and `search_stored`
 * (from @sightline/compaction) give back tool results that compaction moved to its store.
 */
export const PHASE_TOOLS = {
  explore: [
    'grep',
    'read_file',
    'list_dir',
    'find_symbol',
    'suspect',
    'read_stored',
    'search_stored',
  ],
  'deep-dive': ['read_file', 'conclude', 'read_stored', 'search_stored'],
  output: [],
} as const satisfies Record<AgentPhase, readonly string[]>;

/** The part of an AI SDK step result the funnel looks at. */
export interface FunnelStep {
  toolCalls: readonly { toolName: string }[];
}

/** Where the next step falls: its phase (`done` after the output step) and its 1-based number in it. */
export interface FunnelPosition {
  phase: AgentPhase | 'done';
  step: number;
}

/**
 * Replays finished steps through the funnel's rules: explore ends after a `suspect` call or its
 * budget, deep-dive after a `conclude` call or its budget, output after one step.
 * @param steps - finished steps, in order.
 * @returns the phase of each finished step, and the position of the next one.
 */
export function replayFunnel(
  steps: readonly FunnelStep[],
  budgets: FunnelBudgets,
): { phases: AgentPhase[]; next: FunnelPosition } {
  const phases: AgentPhase[] = [];
  let position: FunnelPosition = { phase: 'explore', step: 1 };
  for (const { toolCalls } of steps) {
    const { phase, step } = position;
    if (phase === 'done') break;
    phases.push(phase);
    const called = (name: string) => toolCalls.some((call) => call.toolName === name);
    if (phase === 'explore' && (called('suspect') || step >= budgets.explore)) {
      position = { phase: 'deep-dive', step: 1 };
    } else if (phase === 'deep-dive' && (called('conclude') || step >= budgets.deepDive)) {
      position = { phase: 'output', step: 1 };
    } else if (phase === 'output') {
      position = { phase: 'done', step: 1 };
    } else {
      position = { phase, step: step + 1 };
    }
  }
  return { phases, next: position };
}

/** Options of {@link createToolFunnel}. */
export interface ToolFunnelOptions {
  budgets: FunnelBudgets;
  /** Called before each step with its position (phase and 1-based step within the phase). */
  onStepStart?: (position: { phase: AgentPhase; step: number }) => void;
}

/**
 * Creates the `prepareStep` and `stopWhen` that run the funnel inside one `generateText` loop.
 * Explore and deep-dive steps offer their tools with `toolChoice: 'auto'`: the model may think in
 * text between calls (Anthropic's `any` choice suppresses that), and a step without a tool call
 * ends the loop early — the caller then runs the output step itself. The output step offers no
 * tools (`activeTools: []`, `toolChoice: 'none'`) and carries the report format as a last user
 * message.
 * @returns `prepareStep` and `stopWhen` (true once the output step is done), for `generateText`.
 */
export function createToolFunnel<TOOLS extends ToolSet>({
  budgets,
  onStepStart,
}: ToolFunnelOptions): {
  prepareStep: PrepareStepFunction<TOOLS>;
  stopWhen: StopCondition<TOOLS>;
} {
  const prepareStep: PrepareStepFunction<TOOLS> = ({ steps, messages }) => {
    const { phase, step } = replayFunnel(steps, budgets).next;
    if (phase === 'done') return { activeTools: [], toolChoice: 'none' };
    onStepStart?.({ phase, step });
    const note = (text: string): ModelMessage[] => [...messages, { role: 'user', content: text }];
    if (phase === 'explore') {
      return { activeTools: [...PHASE_TOOLS.explore], toolChoice: 'auto' };
    }
    if (phase === 'deep-dive') {
      return {
        activeTools: [...PHASE_TOOLS['deep-dive']],
        toolChoice: 'auto',
        messages: note(deepDiveNote(step, budgets)),
      };
    }
    return { activeTools: [], toolChoice: 'none', messages: note(OUTPUT_INSTRUCTIONS) };
  };
  const stopWhen: StopCondition<TOOLS> = ({ steps }) =>
    replayFunnel(steps, budgets).next.phase === 'done';
  return { prepareStep, stopWhen };
}
