/**
 * Run statistics of an investigation: steps, tool calls, tokens (prompt-cache reads and writes
 * included, as providers report them) per phase, their totals and a cost estimate.
 */
import { isToolError, type ModelPricing } from '@sightline/core';
import type { DiagnosisStats, PhaseStats } from '../diagnosis/schema.js';
import { PHASE_TOOL_NAMES } from './phases.js';

/** The part of an AI SDK step result the statistics count. */
export interface CountedStep {
  toolCalls: readonly unknown[];
  usage: {
    inputTokens: number | undefined;
    outputTokens: number | undefined;
    inputTokenDetails?: {
      cacheReadTokens: number | undefined;
      cacheWriteTokens: number | undefined;
    };
  };
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
    const counted = byPhase[phase] ?? {
      steps: 0,
      toolCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
    };
    const details = step.usage.inputTokenDetails;
    byPhase[phase] = {
      steps: counted.steps + 1,
      toolCalls: counted.toolCalls + step.toolCalls.length,
      inputTokens: counted.inputTokens + (step.usage.inputTokens ?? 0),
      outputTokens: counted.outputTokens + (step.usage.outputTokens ?? 0),
      cachedInputTokens: (counted.cachedInputTokens ?? 0) + (details?.cacheReadTokens ?? 0),
      cacheWriteTokens: (counted.cacheWriteTokens ?? 0) + (details?.cacheWriteTokens ?? 0),
    };
  });
  return byPhase;
}

/**
 * Estimates what one phase cost: uncached input, cache reads, cache writes and output, each at
 * its list price.
 * @param phase - the phase's token counts.
 * @param pricing - the model's prices per million tokens.
 * @returns the estimate in US dollars.
 */
export function estimateCostUsd(phase: PhaseStats, pricing: ModelPricing): number {
  const cached = phase.cachedInputTokens ?? 0;
  const written = phase.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, phase.inputTokens - cached - written);
  return (
    (uncached * pricing.inputPerMillion +
      cached * pricing.cachedInputPerMillion +
      written * pricing.cacheWritePerMillion +
      phase.outputTokens * pricing.outputPerMillion) /
    1_000_000
  );
}

/**
 * Totals per-phase statistics into the diagnosis' `stats`.
 * @param byPhase - statistics per phase (copied, not kept).
 * @param model - model name, e.g. `anthropic:claude-sonnet-4-5`.
 * @param durationMs - wall-clock duration in milliseconds (rounded).
 * @param pricingOf - the prices of the model that ran a phase (`undefined` when unknown).
 * @returns totals of tool calls, tokens and cache tokens over all phases, the cost estimate in US
 *   dollars (rounded to 1/10,000; absent when a phase's model has no price), `byPhase` (a deep
 *   copy), the rounded duration in ms and the model name.
 */
export function summarizeStats(
  byPhase: Readonly<Record<string, PhaseStats>>,
  model: string,
  durationMs: number,
  pricingOf: (phase: string) => ModelPricing | undefined = () => undefined,
): DiagnosisStats {
  const phases = Object.values(byPhase);
  const sum = (field: keyof PhaseStats) =>
    phases.reduce((total, phase) => total + (phase[field] ?? 0), 0);
  const costs = Object.entries(byPhase).map(([name, phase]) => {
    const pricing = pricingOf(name);
    return pricing ? estimateCostUsd(phase, pricing) : undefined;
  });
  const known = costs.every((cost) => cost !== undefined);
  const costUsd = costs.reduce<number>((total, cost) => total + (cost ?? 0), 0);
  return {
    toolCalls: sum('toolCalls'),
    byPhase: structuredClone(byPhase),
    inputTokens: sum('inputTokens'),
    outputTokens: sum('outputTokens'),
    cachedInputTokens: sum('cachedInputTokens'),
    cacheWriteTokens: sum('cacheWriteTokens'),
    ...(known ? { costUsd: Math.round(costUsd * 10_000) / 10_000 } : {}),
    durationMs: Math.round(durationMs),
    model,
  };
}

/**
 * Tool calls that read the repository and succeeded: every tool result except those of the phase
 * tools (`suspect`, `conclude`) and those that are tool errors (`{ error: { code, message } }`).
 * @param steps - the run's steps (AI SDK step results).
 * @returns the count.
 */
export function countCodeToolReads(
  steps: readonly { toolResults: readonly { toolName: string; output: unknown }[] }[],
): number {
  return steps
    .flatMap((step) => step.toolResults)
    .filter((result) => !PHASE_TOOL_NAMES.has(result.toolName) && !isToolError(result.output))
    .length;
}
