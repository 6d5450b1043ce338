/**
 * The cost cap of an investigation (`maxCostUsd`, the CLI's `--max-cost`): the estimated cost of
 * the steps so far, from the tokens the provider reports and the model profile's list prices, is
 * checked after every step; once it reaches the cap no further model call starts, and what the
 * model found so far is kept as a partial report.
 */
import { type ModelPricing, SightlineError } from '@sightline/core';
import type { DiagnosisStats } from '../diagnosis/schema.js';
import { type CountedStep, estimateCostUsd } from './agent-stats.js';
import { partialReport, type ReportedStep } from './partial-report.js';

/** A cost cap with the prices it is measured in. */
export interface CostLimit {
  /** The cap, in US dollars (> 0). */
  maxCostUsd: number;
  pricing: ModelPricing;
}

/**
 * Checks a cap before anything is spent.
 * @param maxCostUsd - the cap in US dollars, or `undefined` for none.
 * @param pricing - the investigating model's prices (`undefined` when the profile has none).
 * @param modelName - the model, named in the error.
 * @returns the cap with its prices, or `undefined` when there is no cap.
 * @throws SightlineError `INVALID_ARGUMENT` when the cap is not a positive number, or the model
 *   has no known price (a cap could never be measured).
 */
export function checkCostLimit(
  maxCostUsd: number | undefined,
  pricing: ModelPricing | undefined,
  modelName: string,
): CostLimit | undefined {
  if (maxCostUsd === undefined) return undefined;
  if (!Number.isFinite(maxCostUsd) || maxCostUsd <= 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `The cost cap must be a positive number of US dollars (got ${maxCostUsd}).`,
      details: { maxCostUsd },
    });
  }
  if (!pricing) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `No price is known for ${modelName} (prices are listed for the hosted models of @sightline/core's model profiles), so a cost cap cannot be measured: drop the cap (--max-cost in the CLI, maxCostUsd in the API), or, in the API, give the model a profile with its prices (\`profile.pricing\`).`,
      details: { maxCostUsd, model: modelName },
    });
  }
  return { maxCostUsd, pricing };
}

/**
 * Estimated cost of finished steps.
 * @returns US dollars, unrounded.
 */
export function stepsCostUsd(steps: readonly CountedStep[], pricing: ModelPricing): number {
  return steps.reduce((total, { usage }) => {
    const details = usage.inputTokenDetails;
    return (
      total +
      estimateCostUsd(
        {
          steps: 1,
          toolCalls: 0,
          inputTokens: usage.inputTokens ?? 0,
          outputTokens: usage.outputTokens ?? 0,
          cachedInputTokens: details?.cacheReadTokens ?? 0,
          cacheWriteTokens: details?.cacheWriteTokens ?? 0,
        },
        pricing,
      )
    );
  }, 0);
}

/**
 * The error that ends a capped run, carrying the partial report (`details.markdown`) and the
 * statistics so far (`details.stats`).
 * @param limit - the cap that was reached.
 * @param spentUsd - the estimate when the run stopped.
 * @param markdown - the model's report when it was written (the cap was reached before the
 *   structurer), otherwise a partial report built from the steps.
 */
export function costLimitError(
  limit: CostLimit,
  spentUsd: number,
  steps: readonly ReportedStep[],
  stats: DiagnosisStats,
  markdown?: string,
): SightlineError {
  const spent = spentUsd.toFixed(4);
  return new SightlineError({
    code: 'COST_LIMIT_REACHED',
    message: `Stopped at the cost cap: an estimated $${spent} spent of $${limit.maxCostUsd} after ${steps.length} step(s). Raise the cap (--max-cost) to let the investigation finish.`,
    details: {
      maxCostUsd: limit.maxCostUsd,
      costUsd: Math.round(spentUsd * 10_000) / 10_000,
      stats,
      markdown:
        markdown ??
        partialReport(
          'stopped at the cost cap',
          `The investigation stopped after ${steps.length} step(s), at an estimated $${spent} of the $${limit.maxCostUsd} cap, before the model wrote its report. Nothing below was verified.`,
          steps,
        ),
    },
  });
}

/**
 * `error` with what the run spent before it failed in `details.stats.costUsd` (US dollars, rounded
 * to 1/100 cent), so a caller that keeps a daily budget counts a failed run too. Errors that are
 * not a `SightlineError`, that already carry a cost, or with no known cost come back unchanged.
 */
export function withSpentCost(error: unknown, costUsd: number | undefined): unknown {
  if (costUsd === undefined || !SightlineError.isInstance(error)) return error;
  const stats = (error.details.stats ?? {}) as Record<string, unknown>;
  if (typeof stats.costUsd === 'number') return error;
  return new SightlineError({
    code: error.code,
    message: error.message,
    details: {
      ...error.details,
      stats: { ...stats, costUsd: Math.round(costUsd * 10_000) / 10_000 },
    },
    cause: error.cause ?? error,
  });
}
