/**
 * Reads the labeled app-review data set (shared/data/reviews/*.jsonl: one JSON object a line with
 * `title`, `text`, `rating`, `label`; Maalej et al. 2016 via adailtonaraujo/app_review_analysis).
 */
import { readFile } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';
import type { ReviewLabel } from './review-classifier.js';
import type { ReviewText } from './review-features.js';

/** A review with its label from the data set (bug, feature, experience, praise). */
export interface LabeledReview extends ReviewText {
  label: string;
}

/** How the data set's labels map to output labels; experience and praise are not actionable. */
export const DATASET_LABEL_MAP: Record<string, ReviewLabel> = {
  bug: 'bug',
  feature: 'feature',
  experience: 'other',
  praise: 'other',
};

/**
 * Reads a JSONL file of labeled reviews.
 *
 * @param file - Path of the `.jsonl` file (UTF-8; blank lines are skipped).
 * @returns The reviews in file order; a title that is not a string (null) is left out.
 * @throws SightlineError `INVALID_ARGUMENT` when a line is not JSON or lacks a string `text` and
 *   `label`; the `fs` error (e.g. `ENOENT`) when the file cannot be read.
 */
export async function readLabeledReviews(file: string): Promise<LabeledReview[]> {
  const reviews: LabeledReview[] = [];
  (await readFile(file, 'utf8')).split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const notALabeledReview = (cause?: unknown) =>
      new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `${file}:${index + 1} is not a labeled review: each line must be a JSON object with a string "text" and "label".`,
        ...(cause === undefined ? {} : { cause }),
      });
    let row: { title?: unknown; text?: unknown; rating?: unknown; label?: unknown } | null;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw notALabeledReview(error);
    }
    if (typeof row?.text !== 'string' || typeof row.label !== 'string') throw notALabeledReview();
    reviews.push({
      text: row.text,
      label: row.label,
      ...(typeof row.title === 'string' ? { title: row.title } : {}),
      ...(typeof row.rating === 'number' ? { rating: row.rating } : {}),
    });
  });
  return reviews;
}
