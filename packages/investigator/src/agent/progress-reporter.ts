/**
 * Progress of an investigation as events (for spinners, logs and MCP progress notifications):
 * phase changes, steps, tool calls and the tokens used so far.
 */
import type { CompactionEvent } from '@sightline/compaction';
import type { AgentPhase } from './phases.js';

/** A progress event of an investigation. */
export type InvestigateWithModelProgress =
  | { type: 'phase-change'; phase: AgentPhase | 'structure' }
  | { type: 'step'; phase: AgentPhase; step: number }
  | { type: 'tool-call'; name: string; input: string }
  /** Tokens used so far by the investigation loop (cumulative). */
  | { type: 'tokens'; input: number; output: number }
  /** Compaction moved something out of the context (offload, mask, truncation or summary). */
  | { type: 'compaction'; event: CompactionEvent };

/** Longest tool input summary in a progress event, in characters. */
const INPUT_SUMMARY_CHARS = 120;

/** The part of an AI SDK step result progress reads. */
export interface ReportedStep {
  toolCalls: readonly { toolName: string; input: unknown }[];
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
}

/** Turns the loop's callbacks into progress events. */
export interface ProgressReporter {
  /** Before a step: a `phase-change` when the phase is new, then a `step`. */
  onStepStart: (position: { phase: AgentPhase; step: number }) => void;
  /** After a step: one `tool-call` per call, then the cumulative `tokens`. */
  onStepFinish: (step: ReportedStep) => void;
  /** Announces a stage after the loop (`structure`). */
  phaseChange: (phase: AgentPhase | 'structure') => void;
}

/**
 * Creates the reporter.
 * @param onProgress - receives the events; none drops them.
 * @returns the callbacks for the loop.
 */
export function createProgressReporter(
  onProgress: ((event: InvestigateWithModelProgress) => void) | undefined,
): ProgressReporter {
  let currentPhase: AgentPhase | 'structure' | undefined;
  const tokens = { input: 0, output: 0 };
  const phaseChange = (phase: AgentPhase | 'structure') => {
    if (phase !== currentPhase) onProgress?.({ type: 'phase-change', phase });
    currentPhase = phase;
  };
  return {
    phaseChange,
    onStepStart: ({ phase, step }) => {
      phaseChange(phase);
      onProgress?.({ type: 'step', phase, step });
    },
    onStepFinish: (step) => {
      for (const call of step.toolCalls) {
        const input = JSON.stringify(call.input) ?? '';
        onProgress?.({
          type: 'tool-call',
          name: call.toolName,
          input: input.slice(0, INPUT_SUMMARY_CHARS),
        });
      }
      tokens.input += step.usage.inputTokens ?? 0;
      tokens.output += step.usage.outputTokens ?? 0;
      onProgress?.({ type: 'tokens', ...tokens });
    },
  };
}
