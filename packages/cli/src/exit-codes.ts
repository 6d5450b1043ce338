/**
 * Exit codes of the `sightline` command (shared/CONVENTIONS.md): 0 success, 1 unexpected failure,
 * 2 bad input or usage, 3 the model could not produce a valid result, 4 a diagnosis was produced
 * but evidence does not back it (shown as unverified, with the reasons), 5 the investigation
 * stopped at its cost cap (`--max-cost`; the partial report kept).
 */
import { SightlineError, type SightlineErrorCode } from '@sightline/core';

/** The command did what was asked. */
export const EXIT_OK = 0;
/** An unexpected failure (a bug, or a tool that failed): report it with the printed stack. */
export const EXIT_FAILURE = 1;
/** Bad input or usage: a wrong flag, a missing file, an unknown model, a missing API key. */
export const EXIT_USAGE = 2;
/** The model could not produce a valid result (`MODEL_OUTPUT_INVALID`, `MODEL_CALL_FAILED`). */
export const EXIT_MODEL = 3;

/**
 * A diagnosis was printed, free of invented paths and quotes, but not verified: no `cause` entry
 * has a matching quote inside its range and its symbol there, or the model made no tool call.
 */
export const EXIT_UNVERIFIED = 4;

/** The investigation stopped at its cost cap (`--max-cost`); its partial report was kept. */
export const EXIT_COST_LIMIT = 5;

const MODEL_CODES: SightlineErrorCode[] = ['MODEL_OUTPUT_INVALID', 'MODEL_CALL_FAILED'];
const FAILURE_CODES: SightlineErrorCode[] = ['TOOL_FAILED'];

/**
 * Maps an error to the exit code the command should end with.
 * @param error - anything thrown by a command.
 * @returns {@link EXIT_MODEL} for model failures, {@link EXIT_COST_LIMIT} for
 *   `COST_LIMIT_REACHED`, {@link EXIT_FAILURE} for `TOOL_FAILED` and for anything that is not a
 *   `SightlineError`, {@link EXIT_USAGE} for every other code.
 */
export function exitCodeFor(error: unknown): number {
  if (!SightlineError.isInstance(error)) return EXIT_FAILURE;
  if (MODEL_CODES.includes(error.code)) return EXIT_MODEL;
  if (error.code === 'COST_LIMIT_REACHED') return EXIT_COST_LIMIT;
  if (FAILURE_CODES.includes(error.code)) return EXIT_FAILURE;
  return EXIT_USAGE;
}
