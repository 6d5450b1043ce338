/**
 * bench:history's `HISTORY_BENCH_SHARD=k/n`: the k-th of n shares of the repositories, measured
 * by one process while the others measure theirs.
 */

/** A share: the k-th (1-based) of n. */
export interface Shard {
  k: number;
  n: number;
}

/**
 * Reads `HISTORY_BENCH_SHARD`.
 * @param value the variable as set (unset or empty: no shard).
 * @returns the share, or null for none.
 * @throws Error naming the form wanted when the value is not `k/n` with 1 ≤ k ≤ n (`0/2` or `3/2`
 *   would measure no repository at all).
 */
export function parseShard(value: string | undefined): Shard | null {
  if (value === undefined || value.trim() === '') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const k = Number(match?.[1]);
  const n = Number(match?.[2]);
  if (!match || !(k >= 1 && k <= n)) {
    throw new Error(
      `HISTORY_BENCH_SHARD must be k/n with 1 <= k <= n, e.g. 1/2 and 2/2 side by side (got ${value})`,
    );
  }
  return { k, n };
}
