/** Chains of causes (Java's `Caused by:`, Python's chained tracebacks, PHP's `Next`). */
import type { Exception } from '../types.js';

/**
 * How many exceptions a chain holds: the exception and each of its causes.
 * @returns 1 for an exception without a cause.
 */
export function chainDepth(exception: Exception): number {
  let depth = 0;
  for (let last: Exception | undefined = exception; last; last = last.cause) depth += 1;
  return depth;
}
