/** Run statistics of an investigation: steps, tool calls and tokens per phase, and their totals. */
import type { DiagnosisStats, PhaseStats } from '../diagnosis/schema.js';

/** The part of an AI SDK step result the statistics count. */
export interface CountedStep {
  toolCalls: readonly unknown[];
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
}

/**
 * Counts steps, tool calls and tokens per phase.
 * @param steps - finished steps, in order.
 * @param phases - the phase of each step (same order and length).
 * @returns statistics keyed by phase, only for phases that ran.
 */
export function countByPhase(
  steps: readonly CountedStep[],
  phases: readonly string[],
): Record<string, PhaseStats> {
  const byPhase: Record<string, PhaseStats> = {};
  steps.forEach((step, position) => {
    const phase = phases[position] ?? 'unknown';
    const counted = byPhase[phase] ?? { steps: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0 };
    byPhase[phase] = {
      steps: counted.steps + 1,
      toolCalls: counted.toolCalls + step.toolCalls.length,
      inputTokens: counted.inputTokens + (step.usage.inputTokens ?? 0),
      outputTokens: counted.outputTokens + (step.usage.outputTokens ?? 0),
    };
  });
  return byPhase;
}

/**
 * Totals per-phase statistics into the diagnosis' `stats`.
 * @param byPhase - statistics per phase (copied, not kept).
 * @param model - model name, e.g. `anthropic:claude-sonnet-4-5`.
 * @param durationMs - wall-clock duration in milliseconds (rounded).
 * @returns totals of tool calls and tokens over all phases, `byPhase` (a deep copy), the rounded
 *   duration in ms and the model name.
 */
export function summarizeStats(
  byPhase: Readonly<Record<string, PhaseStats>>,
  model: string,
  durationMs: number,
): DiagnosisStats {
  const phases = Object.values(byPhase);
  const sum = (field: keyof PhaseStats) => phases.reduce((total, phase) => total + phase[field], 0);
  return {
    toolCalls: sum('toolCalls'),
    byPhase: structuredClone(byPhase),
    inputTokens: sum('inputTokens'),
    outputTokens: sum('outputTokens'),
    durationMs: Math.round(durationMs),
    model,
  };
}
