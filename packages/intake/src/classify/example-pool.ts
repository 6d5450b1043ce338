/**
 * Labelled examples for the model path's prompt (few-shot), chosen per report: for each label,
 * the training examples nearest to the report by the offline classifiers' features (cosine
 * similarity of token sets), so the model sees how similar reports were labelled. The pool is
 * read from the training data at run time (`readExamplePool`); no example text is shipped.
 */
import path from 'node:path';
import type { Report } from '../parse/types.js';
import { issueTokens } from './issue-features.js';
import { readLabeledIssues } from './labeled-issues.js';
import { DATASET_LABEL_MAP, readLabeledReviews } from './labeled-reviews.js';
import { reviewTokens } from './review-features.js';
import type { ClassificationLabel } from './types.js';

/** One labelled example as shown to a model. */
export interface LabeledExample {
  kind: 'review' | 'issue';
  label: ClassificationLabel;
  title?: string;
  text: string;
  /** Star rating 1–5 (reviews). */
  rating?: number;
}

/** A set of labelled examples that picks the ones nearest to a report. */
export interface ExamplePool {
  /** How many examples the pool holds. */
  readonly size: number;
  /**
   * The nearest examples of the report's kind (review, or issue for anything else), up to
   * `perLabel` of each label, most similar first within a label and labels in a fixed order.
   *
   * @param report - The report to find examples for.
   * @param perLabel - Examples per label (default 2).
   */
  nearest(report: Report, perLabel?: number): LabeledExample[];
}

/** Tokenization for similarity: the offline classifiers' features with fixed settings. */
const REVIEW_FEATURES = {
  title: true,
  negation: true,
  updateWords: true,
  removeStopWords: true,
  stem: true,
  bigrams: false,
  rating: true,
};
const ISSUE_FEATURES = { codeText: false, bodyWordLimit: 300, bigrams: false, negation: false };

function tokenSet(
  example: Pick<LabeledExample, 'kind' | 'title' | 'text' | 'rating'>,
): Set<string> {
  const title = example.title ? { title: example.title } : {};
  return new Set(
    example.kind === 'review'
      ? reviewTokens(
          { ...title, text: example.text, ...(example.rating ? { rating: example.rating } : {}) },
          REVIEW_FEATURES,
        )
      : issueTokens({ ...title, body: example.text }, ISSUE_FEATURES),
  );
}

/**
 * Builds a pool from labelled examples.
 *
 * @param examples - The examples, in a fixed order (ties keep it).
 * @returns The pool.
 */
export function createExamplePool(examples: readonly LabeledExample[]): ExamplePool {
  const indexed = examples.map((example) => ({ example, tokens: tokenSet(example) }));
  return {
    size: examples.length,
    nearest(report, perLabel = 2) {
      const kind = report.kind === 'review' || report.rating !== undefined ? 'review' : 'issue';
      const query = tokenSet({
        kind,
        text: report.body,
        ...(report.title ? { title: report.title } : {}),
        ...(report.rating !== undefined ? { rating: report.rating } : {}),
      });
      const scored = indexed
        .filter(({ example }) => example.kind === kind)
        .map(({ example, tokens }) => ({ example, similarity: cosine(query, tokens) }))
        .sort((a, b) => b.similarity - a.similarity);
      const labels = [...new Set(scored.map(({ example }) => example.label))].sort();
      return labels.flatMap((label) =>
        scored
          .filter(({ example }) => example.label === label)
          .slice(0, perLabel)
          .map(({ example }) => example),
      );
    },
  };
}

function cosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / Math.sqrt(a.size * b.size);
}

/**
 * Reads the training data sets into a pool: `reviews/train.jsonl` (bug, feature, other) and
 * `labeled/nlbse2024/issues_train.csv` (bug, feature, question) under `dataDir`.
 *
 * @param dataDir - The shared data folder (e.g. `../shared/data`).
 * @returns A pool of every review and issue (a review text under several labels appears once per label).
 * @throws The `fs` error or SightlineError `INVALID_ARGUMENT` of the readers when a file is missing or malformed.
 */
export async function readExamplePool(dataDir: string): Promise<ExamplePool> {
  const [reviews, issues] = await Promise.all([
    readLabeledReviews(path.join(dataDir, 'reviews/train.jsonl')),
    readLabeledIssues(path.join(dataDir, 'labeled/nlbse2024/issues_train.csv')),
  ]);
  return createExamplePool([
    ...reviews.map((review) => ({
      kind: 'review' as const,
      label: DATASET_LABEL_MAP[review.label] ?? 'other',
      text: review.text,
      ...(review.title ? { title: review.title } : {}),
      ...(review.rating !== undefined ? { rating: review.rating } : {}),
    })),
    ...issues.map((issue) => ({
      kind: 'issue' as const,
      label: issue.label,
      text: issue.body,
      ...(issue.title ? { title: issue.title } : {}),
    })),
  ]);
}
