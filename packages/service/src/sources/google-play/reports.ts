/** Google Play reviews as raw reports, identified by the review's own id. */
import { isoTime } from '../poll-pages.js';
import type { RawReport } from '../types.js';

/** The user comment of a review, as `reviews.list` serves it. */
export interface UserComment {
  /** The review; `title\tbody` when it has a title. */
  text?: string;
  lastModified?: { seconds?: string | number; nanos?: number };
  starRating?: number;
  reviewerLanguage?: string;
  device?: string;
  androidOsVersion?: number;
  appVersionCode?: number;
  appVersionName?: string;
  deviceMetadata?: { productName?: string; manufacturer?: string; deviceClass?: string };
}

/** A review resource. */
export interface PlayReview {
  reviewId: string;
  authorName?: string;
  comments?: { userComment?: UserComment; developerComment?: unknown }[];
}

/** True for a value shaped like a review with a user comment. */
export function isPlayReview(value: unknown): value is PlayReview {
  const review = value as Partial<PlayReview> | null;
  return typeof review?.reviewId === 'string' && Array.isArray(review.comments);
}

/** The review's user comment (the first comment that is one). */
export function userComment(review: PlayReview): UserComment | undefined {
  return review.comments?.find((comment) => comment.userComment)?.userComment;
}

/** When the user comment was last changed, ISO 8601; undefined without a time. */
export function lastModified(review: PlayReview): string | undefined {
  const seconds = Number(userComment(review)?.lastModified?.seconds);
  return Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000).toISOString()
    : undefined;
}

/** A review as a `reviews` report: rating, title, text, date, app version, language and device. */
export function playReviewReport(packageName: string, review: PlayReview): RawReport | undefined {
  const comment = userComment(review);
  if (!comment) return undefined;
  const text = comment.text ?? '';
  const tab = text.indexOf('\t');
  const [title, body] =
    tab >= 0 ? [text.slice(0, tab).trim(), text.slice(tab + 1).trim()] : ['', text.trim()];
  const date = lastModified(review);
  const device = [
    comment.deviceMetadata?.manufacturer,
    comment.deviceMetadata?.productName ?? comment.device,
  ]
    .filter(Boolean)
    .join(' ');
  const json = {
    id: review.reviewId,
    rating: comment.starRating ?? null,
    title,
    text: body,
    date: date ?? null,
    appVersion: comment.appVersionName ?? null,
    language: comment.reviewerLanguage ?? null,
    device: device || null,
    androidOsVersion: comment.androidOsVersion ?? null,
  };
  return {
    sourceKind: 'google-play',
    // The id names the review; an edited review keeps it, so the first text is the one kept.
    sourceId: review.reviewId,
    receivedAt: isoTime(date),
    format: 'reviews',
    payload: { json },
    meta: {
      packageName,
      rating: comment.starRating ?? null,
      appVersion: comment.appVersionName ?? null,
      appVersionCode: comment.appVersionCode ?? null,
      device: device || null,
      author: review.authorName ?? null,
    },
  };
}
