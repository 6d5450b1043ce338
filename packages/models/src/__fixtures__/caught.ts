import { SightlineError } from '@sightline/core';

/** Runs `run` and returns the {@link SightlineError} it throws; fails when it throws nothing. */
export function caught(run: () => unknown): SightlineError {
  try {
    run();
  } catch (error) {
    if (SightlineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SightlineError');
}
