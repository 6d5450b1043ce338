/** Maps a thrown error to the exit code of the `sightline` command (see exit-codes.ts). */
import { SightlineError, type SightlineErrorCode } from '@sightline/core';
import {
  EXIT_COST_LIMIT,
  EXIT_FAILURE,
  EXIT_MODEL,
  EXIT_MODEL_UNAVAILABLE,
  EXIT_USAGE,
} from './exit-codes.js';

const MODEL_CODES: SightlineErrorCode[] = ['MODEL_OUTPUT_INVALID', 'MODEL_CALL_FAILED'];
const FAILURE_CODES: SightlineErrorCode[] = ['TOOL_FAILED'];

/**
 * Maps an error to the exit code the command should end with.
 * @param error - anything thrown by a command.
 * @returns {@link EXIT_MODEL_UNAVAILABLE} for a model server that is down, failed or did not
 *   answer in time (a `MODEL_CALL_FAILED` with `details.unavailable`), {@link EXIT_USAGE} for one
 *   that refused the API key (`details.keyRejected`), is not a model API (`details.notModelApi`) or
 *   failed its TLS handshake (`details.tlsFailed`: an `https:` URL for plain HTTP, an untrusted
 *   certificate), {@link EXIT_MODEL} for other model failures, {@link EXIT_COST_LIMIT} for `COST_LIMIT_REACHED`, {@link EXIT_FAILURE} for `TOOL_FAILED` and for
 *   anything that is not a `SightlineError`, {@link EXIT_USAGE} for every other code.
 */
export function exitCodeFor(error: unknown): number {
  if (!SightlineError.isInstance(error)) return EXIT_FAILURE;
  if (error.code === 'MODEL_CALL_FAILED' && error.details.unavailable === true) {
    return EXIT_MODEL_UNAVAILABLE;
  }
  // A rejected API key is a configuration mistake, like a missing one (MISSING_API_KEY); so is a
  // model URL that answers as something other than a model API (fresh-user trial 24: exit 3
  // promised a .unverified.md file that a wrong URL never writes).
  if (
    error.code === 'MODEL_CALL_FAILED' &&
    (error.details.keyRejected === true ||
      error.details.notModelApi === true ||
      error.details.tlsFailed === true)
  ) {
    return EXIT_USAGE;
  }
  if (MODEL_CODES.includes(error.code)) return EXIT_MODEL;
  if (error.code === 'COST_LIMIT_REACHED') return EXIT_COST_LIMIT;
  if (FAILURE_CODES.includes(error.code)) return EXIT_FAILURE;
  return EXIT_USAGE;
}
