/**
 * Exit codes of the `sightline` command (shared/CONVENTIONS.md): 0 success, 1 unexpected failure,
 * 2 bad input or usage, 3 the model could not produce a valid result.
 */
import { SightlineError, type SightlineErrorCode } from '@sightline/core';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_MODEL = 3;

const MODEL_CODES: SightlineErrorCode[] = [
  'MODEL_OUTPUT_INVALID',
  'DIAGNOSIS_INVALID',
  'MODEL_CALL_FAILED',
];
const FAILURE_CODES: SightlineErrorCode[] = ['TOOL_FAILED'];

/** Maps an error to the exit code the command should end with. */
export function exitCodeFor(error: unknown): number {
  if (!SightlineError.isInstance(error)) return EXIT_FAILURE;
  if (MODEL_CODES.includes(error.code)) return EXIT_MODEL;
  if (FAILURE_CODES.includes(error.code)) return EXIT_FAILURE;
  return EXIT_USAGE;
}
