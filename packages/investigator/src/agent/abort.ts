/**
 * Cancellation: a caller's `AbortSignal` (an MCP client cancelling a request, Ctrl-C) stops an
 * investigation with one clear `ABORTED` error, whether it fired during a model call or between
 * stages.
 */
import { SightlineError } from '@sightline/core';

/**
 * The error an aborted investigation throws.
 * @param cause - what the aborted call threw, if anything.
 * @returns a `SightlineError` with code `ABORTED`.
 */
export function abortedError(cause?: unknown): SightlineError {
  return new SightlineError({
    code: 'ABORTED',
    message:
      'The investigation was cancelled before it finished. Start it again to get a diagnosis.',
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Stops the work when `signal` has fired.
 * @param signal - the caller's signal; none never aborts.
 * @throws SightlineError `ABORTED` when `signal` is aborted.
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal.reason);
}
