/**
 * The tool funnel: explore → deep-dive → output, enforced with the AI SDK's `prepareStep` (per-step
 * notes and `toolChoice`) and ended with `stopWhen`. The tool list itself never changes between
 * steps, so the prompt prefix stays cacheable; the phases narrow the work by budget, not by
 * removing tools: search stays available in the deep-dive, where tracing a bad value back to
 * where it is written needs it. Tools per stage and explicit stopping conditions follow
 * Anthropic's "Building effective agents" (2024).
 */
import type { ModelMessage, PrepareStepFunction, StopCondition, ToolSet } from 'ai';
import { callsLeftNote, deepDiveNote, exploreNote, NUDGE_NOTE, outputNote } from './phase-notes.js';
import { type AgentPhase, type FunnelBudgets, PHASE_TOOL_NAMES } from './phases.js';

/** The part of an AI SDK step result the funnel looks at. */
export interface FunnelStep {
  toolCalls: readonly { toolName: string }[];
}

/** Where the next step falls: its phase (`done` after the output step) and its 1-based number in it. */
export interface FunnelPosition {
  phase: AgentPhase | 'done';
  step: number;
  /** True when the step before was an explore step without a tool call: this step nudges once. */
  nudge?: boolean;
  /** Code tool calls left of the run's budget (only with a `toolCalls` budget, before the output step). */
  callsLeft?: number;
  /** True on the output step when the tool-call budget, not the model, ended the search. */
  budgetSpent?: boolean;
}

/**
 * Replays finished steps through the funnel's rules. Explore ends after a `suspect` call or its
 * budget (a `conclude` call skips the deep-dive); deep-dive ends after a `conclude` call or its
 * budget; output ends after one step, and follows at once when the tool-call budget is spent (calls
 * of the code tools count, not `suspect` and `conclude`). A step without a tool call means the model considers itself
 * done: the first time in explore it is nudged once (the next step stays in explore), otherwise
 * the output step follows.
 * @param steps - finished steps, in order (across every `generateText` call of the run).
 * @returns the phase of each finished step, and the position of the next one.
 */
export function replayFunnel(
  steps: readonly FunnelStep[],
  budgets: FunnelBudgets,
): { phases: AgentPhase[]; next: FunnelPosition } {
  const phases: AgentPhase[] = [];
  let position: FunnelPosition = { phase: 'explore', step: 1 };
  let nudged = false;
  let calls = 0;
  for (const { toolCalls } of steps) {
    const { phase, step } = position;
    if (phase === 'done') break;
    phases.push(phase);
    calls += toolCalls.filter((call) => !PHASE_TOOL_NAMES.has(call.toolName)).length;
    const called = (name: string) => toolCalls.some((call) => call.toolName === name);
    const silent = toolCalls.length === 0;
    if (phase === 'output') {
      position = { phase: 'done', step: 1 };
    } else if (called('conclude') || (silent && (phase === 'deep-dive' || nudged))) {
      position = { phase: 'output', step: 1 };
    } else if (phase === 'explore' && silent) {
      nudged = true;
      position =
        step >= budgets.explore
          ? { phase: 'deep-dive', step: 1 }
          : { phase, step: step + 1, nudge: true };
    } else if (phase === 'explore' && (called('suspect') || step >= budgets.explore)) {
      position = { phase: 'deep-dive', step: 1 };
    } else if (phase === 'deep-dive' && step >= budgets.deepDive) {
      position = { phase: 'output', step: 1 };
    } else {
      position = { phase, step: step + 1 };
    }
    if (budgets.toolCalls === undefined) continue;
    const searching = position.phase === 'explore' || position.phase === 'deep-dive';
    if (searching && calls >= budgets.toolCalls) {
      position = { phase: 'output', step: 1, budgetSpent: true };
    } else if (searching) {
      position = { ...position, callsLeft: budgets.toolCalls - calls };
    }
  }
  if (steps.length === 0 && budgets.toolCalls !== undefined) {
    position = { ...position, callsLeft: budgets.toolCalls };
  }
  return { phases, next: position };
}

/** Options of {@link createToolFunnel}. */
export interface ToolFunnelOptions {
  budgets: FunnelBudgets;
  /**
   * Steps finished by earlier `generateText` calls of the same run (the loop restarts after a
   * reply without a tool call). Default: none.
   */
  earlierSteps?: () => readonly FunnelStep[];
  /** Called before each step with its position (phase and 1-based step within the phase). */
  onStepStart?: (position: { phase: AgentPhase; step: number }) => void;
}

/**
 * Creates the `prepareStep` and `stopWhen` that run the funnel. Explore and deep-dive steps use
 * `toolChoice: 'auto'` (the model may think in text between calls; Anthropic's `any` choice
 * suppresses that) and get a note for that step only: the nudge after a reply without a tool
 * call, the countdown of the last explore steps, the deep-dive step count, and the code tool
 * calls left of the budget. The output step keeps every tool definition with `toolChoice: 'none'`
 * (a history of tool calls with no tools defined makes some providers fail) and carries the
 * report format as its note, saying so when the tool-call budget ended the search.
 * @returns `prepareStep`, and `stopWhen`: true once the next step is the output step (the loop
 *   runs that step by itself, see `runInvestigationLoop`) or the run is done.
 */
export function createToolFunnel<TOOLS extends ToolSet>({
  budgets,
  earlierSteps = () => [],
  onStepStart,
}: ToolFunnelOptions): {
  prepareStep: PrepareStepFunction<TOOLS>;
  stopWhen: StopCondition<TOOLS>;
} {
  const position = (steps: readonly FunnelStep[]) =>
    replayFunnel([...earlierSteps(), ...steps], budgets).next;
  const prepareStep: PrepareStepFunction<TOOLS> = ({ steps, messages }) => {
    const { phase, step, nudge, callsLeft, budgetSpent } = position(steps);
    if (phase === 'done') return { toolChoice: 'none' };
    onStepStart?.({ phase, step });
    const withNote = (text: string | undefined): { messages?: ModelMessage[] } =>
      text === undefined ? {} : { messages: [...messages, { role: 'user', content: text }] };
    if (phase === 'output') return { toolChoice: 'none', ...withNote(outputNote(budgetSpent)) };
    const note =
      phase === 'explore'
        ? [nudge ? NUDGE_NOTE : undefined, exploreNote(step, budgets)]
        : [deepDiveNote(step, budgets)];
    if (callsLeft !== undefined) note.push(callsLeftNote(callsLeft));
    const text = note.filter((part) => part !== undefined).join('\n\n');
    return { toolChoice: 'auto', ...withNote(text === '' ? undefined : text) };
  };
  const stopWhen: StopCondition<TOOLS> = ({ steps }) => {
    const { phase } = position(steps);
    return phase === 'output' || phase === 'done';
  };
  return { prepareStep, stopWhen };
}
