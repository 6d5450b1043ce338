/**
 * Reads the labeled app-review data set (shared/data/reviews/*.jsonl: one JSON object a line with
 * `title`, `text`, `rating`, `label`; Maalej et al. 2016 via adailtonaraujo/app_review_analysis).
 */
import { readFile } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';
import type { LabeledReview } from './train-review-classifier.js';

/**
 * Reads a JSONL file of labeled reviews.
 *
 * @param file - Path of the `.jsonl` file.
 * @returns The reviews in file order; a null title becomes undefined.
 * @throws SightlineError `INVALID_ARGUMENT` when a line is not a labeled review.
 */
export async function readLabeledReviews(file: string): Promise<LabeledReview[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line, index) => {
    const row = JSON.parse(line) as {
      title?: string | null;
      text?: unknown;
      rating?: unknown;
      label?: unknown;
    };
    if (typeof row.text !== 'string' || typeof row.label !== 'string') {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `${file}:${index + 1} is not a labeled review: each line needs a string "text" and "label".`,
      });
    }
    return {
      text: row.text,
      label: row.label,
      ...(typeof row.title === 'string' ? { title: row.title } : {}),
      ...(typeof row.rating === 'number' ? { rating: row.rating } : {}),
    };
  });
}
