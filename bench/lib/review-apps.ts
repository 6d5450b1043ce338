/**
 * App reviews with the app they review, for measuring review classification on apps never seen in
 * training: the labelled reviews of Maalej et al. 2016 ("On the automatic classification of app
 * reviews", RE journal) as `adailtonaraujo/app_review_analysis` keeps them
 * (`Classification/Dataset/{Bug,Feature,UserExperience,Rating}.json`, CC0 1.0), the source of
 * `../shared/data/reviews` too, but with each review's `appId` (App Store id or Play app name;
 * missing for the reviews of the RE 2014 sample). Read from the fetched snapshot with `git show`;
 * no text is committed.
 */
import { createHash } from 'node:crypto';
import type { LabeledReview } from '@sightline/intake/internal';
import { hasSnapshot, readSnapshotFile } from '@sightline/intake/training';

/** The data set's repository and the commit read. */
export const REVIEW_APPS_SOURCE = {
  repo: 'adailtonaraujo/app_review_analysis',
  commit: 'b0d8d32273d5d4edc70184a3d36d3fc5420938cc',
  files: { Bug: 'bug', Feature: 'feature', UserExperience: 'experience', Rating: 'praise' },
} as const;

/** A labelled review and the app it reviews (undefined when the data set does not say). */
export interface AppReview extends LabeledReview {
  app?: string;
}

interface SourceRow {
  comment?: string | null;
  title?: string | null;
  rating?: number | null;
  appId?: string | number | null;
}

/**
 * Reads the reviews with their apps from the fetched snapshot in `mirrors`
 * (`<owner>+<name>/repo`). Play reviews keep `title<TAB>body` in `comment`: split there, as
 * `../shared/data/reviews` was.
 * @returns undefined when the snapshot is not there (`fetch github:adailtonaraujo/app_review_analysis`).
 */
export function readAppReviews(mirrors: string): AppReview[] | undefined {
  if (!hasSnapshot(mirrors, REVIEW_APPS_SOURCE.repo)) return undefined;
  const reviews: AppReview[] = [];
  for (const [file, label] of Object.entries(REVIEW_APPS_SOURCE.files)) {
    const text = readSnapshotFile(
      mirrors,
      REVIEW_APPS_SOURCE.repo,
      REVIEW_APPS_SOURCE.commit,
      `Classification/Dataset/${file}.json`,
    );
    // Two of the files end with `,]`.
    const rows = JSON.parse(text.replace(/,\s*\]\s*$/, ']')) as SourceRow[];
    for (const row of rows) {
      const comment = (row.comment ?? '').trim();
      const tab = comment.indexOf('\t');
      const title = (row.title ?? '').trim() || (tab >= 0 ? comment.slice(0, tab).trim() : '');
      const body = tab >= 0 && !(row.title ?? '').trim() ? comment.slice(tab + 1).trim() : comment;
      if (!title && !body) continue;
      const app = `${row.appId ?? ''}`.trim();
      reviews.push({
        ...(title ? { title } : {}),
        text: body,
        ...(typeof row.rating === 'number' ? { rating: row.rating } : {}),
        label,
        ...(app ? { app } : {}),
      });
    }
  }
  return reviews;
}

/** The fold (0 … folds − 1) of an app: a stable hash of its id. */
export function appFold(app: string, folds: number): number {
  return createHash('sha1').update(`app-fold:${app}`).digest().readUInt32BE(0) % folds;
}
