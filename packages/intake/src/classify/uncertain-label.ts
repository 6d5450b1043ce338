/**
 * When a classification is a coin flip between labels, so that whoever reads the label should
 * read it as a guess: the service investigates such a report on arrival, and a diagnosis says
 * "uncertain" beside its label.
 *
 * A label is uncertain when either holds:
 * - confidence below {@link UNCERTAIN_BELOW}: no label has a majority (the issue classifier's
 *   softmax, a model's own confidence), or the offline label is a guess (no known word: 1/3;
 *   another language: capped at 0.34);
 * - the offline classifier's margin (`Classification.margin`: how far its probabilities are from
 *   giving another label) below {@link UNCERTAIN_MARGIN}. The review classifier's confidence is
 *   0.5 at its threshold and above it by construction, so a review near its threshold is only
 *   uncertain by its margin.
 *
 * Measured once for these constants with the shipped classifiers (not tuned to any report; the
 * review test split of ../shared/data/reviews, one row per text, and bench:classify's 5-fold
 * cross-validation of the issue classifier's settings on NLBSE'24): below a margin of 0.1 the
 * offline label is right about half the time — 54 % of 121 texts of the held-out review test
 * split (21 % of it), 50 % of 199 NLBSE'24 issues in 5-fold cross-validation (13 %) — against 67 %
 * and 60 % from 0.1 to 0.15, and 91 % and 81 % above 0.1. An issue label with confidence below 0.5
 * is right 54 % of the time (265 issues).
 */
import type { Classification } from './types.js';

/** Classifications less sure than this (0..1) are uncertain: no label has a majority. */
export const UNCERTAIN_BELOW = 0.5;

/** Offline classifications with a margin below this (in probability) are uncertain. */
export const UNCERTAIN_MARGIN = 0.1;

/**
 * Whether a classification is uncertain (see the module's header).
 * @param classification - its confidence (0..1) and, for the offline classifiers, its margin.
 */
export function isUncertainLabel({
  confidence,
  margin,
}: Pick<Classification, 'confidence' | 'margin'>): boolean {
  return confidence < UNCERTAIN_BELOW || (margin !== undefined && margin < UNCERTAIN_MARGIN);
}
