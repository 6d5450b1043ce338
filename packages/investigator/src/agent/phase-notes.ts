/**
 * The notes the funnel adds to a single step (they are not kept in the history, so the cached
 * prefix of the conversation does not change): the nudge after a reply without a tool call, the
 * countdown of the last explore steps, the deep-dive step count and the output step's report
 * format.
 */
import { REPORT_TEMPLATE } from '../diagnosis/report-template.js';
import type { FunnelBudgets } from './phases.js';

/** Explore steps, counted from the end, that carry a countdown note. */
const COUNTDOWN_STEPS = 2;

/** The note after an explore reply without a tool call (given once). */
export const NUDGE_NOTE =
  'You replied without a tool call, and this phase needs tool calls: a reply without one ends the investigation. Do not ask for permission; continue with the tools now (several calls in one step when they are independent). If you already know where the defect is, call suspect; if the repository holds no answer, call conclude and say what you checked.';

/**
 * The explore note of one step: a countdown over the last explore steps, nothing before.
 * @param step - 1-based step within explore.
 * @returns the note, or `undefined` when the step needs none.
 */
export function exploreNote(step: number, { explore }: FunnelBudgets): string | undefined {
  const left = explore - step;
  if (left >= COUNTDOWN_STEPS) return undefined;
  return left === 0
    ? `Phase: explore, step ${step} of ${explore}: the last explore step. Call suspect with the locations you believe in (deep-dive starts after this step either way).`
    : `Phase: explore, step ${step} of ${explore}: ${left} explore step${left === 1 ? '' : 's'} left after this one. Narrow down, then call suspect.`;
}

/**
 * The note that opens each deep-dive step.
 * @param step - 1-based step within the deep-dive.
 * @param budgets - the phase budgets; `deepDive` is stated as the step count.
 * @returns the note text.
 */
export function deepDiveNote(step: number, { deepDive }: FunnelBudgets): string {
  const last = step >= deepDive ? ' This is the last deep-dive step: call conclude now.' : '';
  return `Phase: deep-dive, step ${step} of ${deepDive}. Confirm the exact lines with read_file; if the crash site only uses a bad value, search (grep, find_symbol) for where that value is produced. Then call conclude.${last}`;
}

/** The instruction of the output step. */
export const OUTPUT_INSTRUCTIONS = `Phase: output. Make no tool calls. ${REPORT_TEMPLATE}`;
