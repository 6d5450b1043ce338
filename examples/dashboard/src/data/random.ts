/**
 * A seeded pseudo-random generator, so the sample data is identical on every load and in every
 * test (no network, no clock).
 */

/** Returns numbers in [0, 1), like `Math.random`, from a fixed seed. */
export type Random = () => number;

/**
 * Mulberry32: a 32-bit generator with a full 2^32 period, small and fast enough for sample data.
 * Algorithm by Tommy Ettinger (public domain), as described in his 2017 post on 32-bit PRNGs.
 * @param seed - any 32-bit integer; the same seed gives the same sequence.
 * @returns a function returning the next number in [0, 1).
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks one element.
 * @param random - the generator.
 * @param items - a non-empty list (the type says so).
 * @returns one of `items`.
 */
export function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

/**
 * An integer in `[min, max]`.
 * @param random - the generator.
 * @param min - lowest value, inclusive.
 * @param max - highest value, inclusive.
 * @returns the integer.
 */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
