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
  return `Phase: deep-dive, step ${step} of ${deepDive}. Confirm the exact lines with read_file. If the code you suspect only uses a bad value (a crash) or takes a wrong branch because of one (wrong behaviour), search (grep, find_symbol) for where that value or decision is produced. Then call conclude.${last}`;
}

/**
 * The budget line of an explore or deep-dive step.
 * @param callsLeft - code tool calls left of the run's budget (`suspect` and `conclude` are free).
 */
export function callsLeftNote(callsLeft: number): string {
  return `Tool calls left: ${callsLeft} (suspect and conclude do not count).`;
}

/** The instruction of the output step (also sent again when the model called a tool there). */
export const OUTPUT_INSTRUCTIONS = `Phase: output. Make no tool calls. ${REPORT_TEMPLATE}`;

/**
 * The output step's note.
 * @param budgetSpent - true when the tool-call budget ended the search: the note says so, so the
 *   report can say what was left unchecked.
 */
export function outputNote(budgetSpent = false): string {
  return budgetSpent
    ? `The tool-call budget is spent: the search ends here. Report what the code you read establishes; where it does not, say what is left unchecked.\n\n${OUTPUT_INSTRUCTIONS}`
    : OUTPUT_INSTRUCTIONS;
}

/** The tool result that answers a tool call made in the output step: the call is not run. */
export const NOT_RUN_RESULT =
  'Not run: the output phase allows no tool calls. Write the report now, in the format given, from what you have read.';
