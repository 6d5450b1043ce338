/**
 * Small statistics and timing helpers for benchmarks.
 */

/**
 * Median of a list of numbers (mean of the two middle values for an even count).
 * @param values - at least one number.
 * @returns the median.
 * @throws Error for an empty list.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Times `task` once.
 * @param task - sync or async work.
 * @returns its result and the elapsed wall time in milliseconds.
 */
export async function timed<T>(task: () => T | Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await task();
  return { result, ms: performance.now() - started };
}
