/**
 * A diagnosis' confidence in words a reader takes right: the investigation's own estimate (0–1),
 * told as a likelihood beside its number, so that "verified" (the evidence exists where the
 * diagnosis says) is never read as "right" next to a 15 % confidence. The same words in the CLI's
 * Markdown, an issue comment, the digest and the console. Pulls in nothing, so the console's first
 * load can import it (`@sightline/investigator/trust-words`).
 *
 * The bands are words for reading, set at round edges, not calibrated probabilities: the number is
 * always printed beside them.
 */

/** Bands of a confidence in whole percent, highest first: the least value of each and its words. */
const CONFIDENCE_BANDS: readonly (readonly [number, string])[] = [
  [85, 'very likely right'],
  [65, 'likely right'],
  [45, 'unsure'],
  [25, 'doubtful'],
  [1, 'a guess'],
  [0, 'none'],
];

/**
 * A confidence's words and percentage, banded on the percentage shown (so 0.6499 and 0.65, both
 * shown as 65%, get the same words).
 * @param confidence - in [0, 1]; a value outside is read as the nearest end.
 * @returns e.g. `{ words: 'likely right', percent: 72 }` for 0.72.
 */
export function confidenceBand(confidence: number): { words: string; percent: number } {
  const clamped = Number.isFinite(confidence) ? Math.min(Math.max(confidence, 0), 1) : 0;
  const percent = Math.round(clamped * 100);
  const words = CONFIDENCE_BANDS.find(([least]) => percent >= least)?.[1] ?? 'none';
  return { words, percent };
}

/**
 * A confidence as words with its number ({@link confidenceBand}).
 * @param confidence - in [0, 1]; a value outside is read as the nearest end.
 * @returns e.g. `likely right (72%)` for 0.72, `a guess (15%)` for 0.15, `none (0%)` for 0.
 */
export function confidenceWords(confidence: number): string {
  const { words, percent } = confidenceBand(confidence);
  return `${words} (${percent}%)`;
}

/** What "verified" checks, in one clause for a line that says verified. */
export const VERIFIED_MEANS =
  'the cited code exists where it says; not a check that the cause is right';
