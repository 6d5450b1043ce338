/**
 * The service's daily cost cap (`serve --max-daily-cost`): what investigations with a model may
 * still spend today (UTC), what each one spent, and the wait until the next day once nothing is
 * left. Spend is kept per run in the store, so a restart or a second worker sees the same day.
 */
import type { PipelineContext } from './pipeline-context.js';

/** What an investigation may spend: `leftUsd` under the daily cap (absent: no daily cap). */
export type Budget = { leftUsd?: number } | { exhaustedUsd: number };

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** What is left of today's budget at `now`. */
export async function dailyBudget(context: PipelineContext, now: Date): Promise<Budget> {
  const cap = context.maxDailyCostUsd;
  if (cap === undefined) return {};
  const spent = await context.store.spend.ofDay(now);
  return spent >= cap ? { exhaustedUsd: spent } : { leftUsd: cap - spent };
}

/**
 * Keeps the group's investigation waiting for the next UTC day.
 * @returns the reason the group's investigation state shows.
 */
export async function waitForNextDay(
  context: PipelineContext,
  job: { groupId: string; reason: string; model?: string },
  { spentUsd, now }: { spentUsd: number; now: Date },
): Promise<string> {
  const until = nextUtcMidnight(now).toISOString();
  await context.store.waits.add({
    groupId: job.groupId,
    reason: job.reason,
    ...(job.model ? { model: job.model } : {}),
    until,
  });
  return `Waiting for the daily cost cap: an estimated $${spentUsd.toFixed(4)} of $${context.maxDailyCostUsd} spent today (UTC); it runs after ${until} (raise --max-daily-cost to run it sooner).`;
}

/** Records what a run with a model spent on the day of `at` (nothing when its cost is unknown). */
export async function recordSpend(
  context: PipelineContext,
  spend: { runKey: string; groupId: string; model: string; costUsd: number | undefined; at: Date },
): Promise<void> {
  if (spend.costUsd === undefined) return;
  await context.store.spend.add({ ...spend, costUsd: spend.costUsd });
}
