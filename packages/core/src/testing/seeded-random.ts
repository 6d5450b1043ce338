/**
 * A seeded pseudo-random generator for fuzz tests: the same seed gives the same sequence, so a
 * failure names the seed and iteration that reproduce it. mulberry32 (Tommy Ettinger, public
 * domain): 32 bits of state, period 2^32, good enough to pick and mangle test inputs, not for
 * anything secret.
 */

/**
 * Creates a generator.
 * @param seed - any number; its low 32 bits are the initial state.
 * @returns a function giving the next number, uniform in [0, 1).
 * @example
 * const random = seededRandom(0x5eed);
 * const pick = list[Math.floor(random() * list.length)];
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Random texts for checking a rewritten pattern against the old one: each the concatenation of
 * 1 to `most` of `parts`, picked with {@link seededRandom}, so the same seed gives the same texts.
 * @param seed - the generator's seed.
 * @param parts - the pieces texts are made of (a pattern's own characters and words); not empty.
 * @param count - how many texts.
 * @param most - the most pieces in one text (≥ 1).
 * @returns `count` texts.
 * @example randomTexts(7, ['-----END ', 'KEY', ' ', '\n'], 10_000, 40)
 */
export function randomTexts(seed: number, parts: string[], count: number, most: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * most) },
      () => parts[Math.floor(random() * parts.length)],
    ).join(''),
  );
}
