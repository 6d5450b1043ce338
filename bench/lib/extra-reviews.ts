/**
 * The extra labelled reviews of public research data sets (intake's training/review-sources.ts),
 * less every text `npm run bench:classify` evaluates on as Maalej et al.'s: the test split and the
 * reviews of the held-apart-apps benchmark (review-apps.ts), so nothing evaluated there is trained
 * on.
 */
import { SightlineError } from '@sightline/core';
import type { LabeledReview } from '@sightline/intake/internal';
import {
  EXTRA_REVIEW_SOURCES,
  readExtraReviews,
  reviewTextKey,
  type SourcedReview,
} from '@sightline/intake/training';
import { REVIEW_APPS_SOURCE, readAppReviews } from './review-apps.js';

/** Every repository whose snapshot the extra reviews and their deduplication read. */
export const EXTRA_REVIEW_REPOS = [
  REVIEW_APPS_SOURCE.repo,
  ...new Set(EXTRA_REVIEW_SOURCES.map((source) => source.repo)),
];

/**
 * @param mirrors - Folder holding the fetched snapshots (`<owner>+<name>/repo`).
 * @param testSplit - The test split's reviews.
 * @returns The extra reviews whose text is neither in `testSplit` nor among the held-apart-apps
 *   benchmark's reviews.
 * @throws SightlineError `PATH_NOT_FOUND` when a snapshot is missing.
 */
export function extraTrainingReviews(
  mirrors: string,
  testSplit: readonly LabeledReview[],
): SourcedReview[] {
  const heldApart = readAppReviews(mirrors);
  if (!heldApart) {
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `No snapshot of ${REVIEW_APPS_SOURCE.repo} in ${mirrors}: fetch it (search tool: fetch github:${REVIEW_APPS_SOURCE.repo}).`,
    });
  }
  const evaluated = new Set([...testSplit, ...heldApart].map((r) => reviewTextKey(r.text)));
  return readExtraReviews(mirrors, evaluated, reviewTextKey);
}
