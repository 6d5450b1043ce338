/** App Store customer reviews as raw reports, identified by the review's own id. */
import { isoTime } from '../poll-pages.js';
import type { RawReport } from '../types.js';

/** A `customerReviews` resource (JSON:API) as App Store Connect serves it. */
export interface CustomerReview {
  id: string;
  attributes: {
    rating?: number;
    title?: string;
    body?: string;
    reviewerNickname?: string;
    createdDate?: string;
    territory?: string;
  };
}

/** True for a value shaped like a customer review. */
export function isCustomerReview(value: unknown): value is CustomerReview {
  const review = value as Partial<CustomerReview> | null;
  return (
    typeof review?.id === 'string' &&
    typeof review.attributes === 'object' &&
    review.attributes !== null
  );
}

/** A review as a `reviews` report: rating, title, body, territory and date in intake's names. */
export function customerReviewReport(appId: string, review: CustomerReview): RawReport {
  const { rating, title, body, reviewerNickname, createdDate, territory } = review.attributes;
  const json = {
    id: review.id,
    rating: rating ?? null,
    title: title ?? '',
    body: body ?? '',
    date: createdDate ?? null,
    territory: territory ?? null,
  };
  return {
    sourceKind: 'app-store',
    sourceId: review.id,
    receivedAt: isoTime(createdDate),
    format: 'reviews',
    payload: { json },
    meta: {
      appId,
      rating: rating ?? null,
      territory: territory ?? null,
      author: reviewerNickname ?? null,
    },
  };
}
