/**
 * Classifies a parsed report as bug, crash, feature, question or other.
 *
 * Order: the crash rule first (a stack trace, crash log or Sentry event is a crash, always); then a
 * language model when one is given, falling back to offline on any failure; offline, reviews go to
 * the review classifier and everything else (issues, support messages, plain text) to the issue
 * classifier.
 */
import { withoutWithheldNotes } from '@sightline/core';
import type { LanguageModel } from 'ai';
import type { Report } from '../parse/types.js';
import { classifyWithModel } from './classify-with-model.js';
import { crashRule } from './crash-rule.js';
import type { ExamplePool } from './example-pool.js';
import {
  type IssueClassifier,
  type IssueClassifierModel,
  loadIssueClassifier,
} from './issue-classifier.js';
import shippedIssueModel from './model/issue-classifier.json' with { type: 'json' };
import shippedReviewModel from './model/review-classifier.json' with { type: 'json' };
import {
  loadReviewClassifier,
  type ReviewClassifier,
  type ReviewClassifierModel,
} from './review-classifier.js';
import type { Classification, ClassificationLabel } from './types.js';

/** Default time a model gets to classify one report, in ms. */
export const DEFAULT_CLASSIFY_TIMEOUT_MS = 30_000;

/** Options of {@link classify}. */
export interface ClassifyOptions {
  /** Classify with this model (the crash rule still comes first). Default: none, offline. */
  model?: LanguageModel;
  /** Cancels a model call; when it fires, `classify` rejects with its reason instead of falling back. */
  signal?: AbortSignal;
  /** Longest wait for the model, in ms, before falling back to offline. Default {@link DEFAULT_CLASSIFY_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Labelled examples to show the model, nearest to the report first (`readExamplePool`). Default: none. */
  examples?: ExamplePool;
}

let reviewClassifier: ReviewClassifier | undefined;
let issueClassifier: IssueClassifier | undefined;

/**
 * The review classifier shipped in model/review-classifier.json, loaded once.
 *
 * @returns The loaded classifier.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` if the shipped file is of another version.
 */
export function shippedReviewClassifier(): ReviewClassifier {
  reviewClassifier ??= loadReviewClassifier(shippedReviewModel as ReviewClassifierModel);
  return reviewClassifier;
}

/**
 * The issue classifier shipped in model/issue-classifier.json, loaded once.
 *
 * @returns The loaded classifier.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` if the shipped file is of another version.
 */
export function shippedIssueClassifier(): IssueClassifier {
  issueClassifier ??= loadIssueClassifier(shippedIssueModel as IssueClassifierModel);
  return issueClassifier;
}

/**
 * Classifies a report. Never fails because of the model: a model call that throws, times out or
 * answers off-schema falls back to {@link classifyOffline}, and the reasons and `modelFailure`
 * say why.
 *
 * @param report - A report from `parseReport`.
 * @param options - An optional model, abort signal, timeout and example pool; without a model no
 *   network is used.
 * @returns The label, a 0..1 confidence, the method used and human-readable reasons.
 * @throws The signal's reason when `options.signal` aborts.
 * @example
 * const classification = await classify(parseReport(text), { model: openai('gpt-5-mini') });
 * // { label: 'bug', confidence: 0.9, method: 'model', reasons: ['…'] }
 */
export async function classify(
  report: Report,
  options: ClassifyOptions = {},
): Promise<Classification> {
  const crash = crashRule(report);
  if (crash) return crash;
  if (!options.model) return classifyOffline(report);
  options.signal?.throwIfAborted();
  try {
    return await classifyWithModel(report, { ...options, model: options.model });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const offline = classifyOffline(report);
    const why = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    return {
      ...offline,
      reasons: [...offline.reasons, `model not used: ${why}`.slice(0, 300)],
      modelFailure: why,
    };
  }
}

/**
 * Classifies a report offline, synchronously: the crash rule, then the review classifier for a
 * review (a report with a star rating) and for short unrecognised plain text (unless it is not a
 * bug or feature request to that classifier and asks something), and the issue classifier for
 * anything else.
 *
 * @param gated - A report, as the secret gate left it; its title, body, rating, exceptions and
 *   stack are used, the gate's `[withheld: …]` notes left out.
 * @returns A classification with method `offline`.
 */
export function classifyOffline(gated: Report): Classification {
  // The secret gate's notes are its words, not the writer's (trial 39: "withheld", "secret" and
  // "private key" were a bug report's strongest words for `question`).
  const report: Report = {
    ...gated,
    body: withoutWithheldNotes(gated.body),
    ...(gated.title !== undefined ? { title: withoutWithheldNotes(gated.title) } : {}),
  };
  const crash = crashRule(report);
  if (crash) return crash;
  if (report.kind === 'review' || report.rating !== undefined) return classifyReview(report);
  if (isShortFeedback(report)) {
    const review = classifyReview(report);
    // Only the issue classifier knows `question`; the review classifier knows praise (`other`).
    if (review.label !== 'other' || !/\?/.test(`${report.title ?? ''}\n${report.body}`)) {
      return review;
    }
  }
  return classifyIssue(report);
}

/** Most words of a plain-text report that reads as short feedback rather than an issue. */
const SHORT_FEEDBACK_WORDS = 80;

/**
 * Unrecognised plain text (`kind: 'text'`) of a few sentences: closer to an app review (the
 * review classifier's training data, which has praise and experience as `other`) than to a GitHub
 * issue (the issue classifier's, whose labels are only bug, feature and question).
 */
function isShortFeedback(report: Report): boolean {
  if (report.kind !== 'text') return false;
  const words = `${report.title ?? ''} ${report.body}`.split(/\s+/).filter(Boolean);
  return words.length <= SHORT_FEEDBACK_WORDS;
}

function classifyIssue(report: Report): Classification {
  const prediction = shippedIssueClassifier().predict({
    body: report.body,
    ...(report.title ? { title: report.title } : {}),
  });
  const reasons =
    prediction.topFeatures.length === 0
      ? ['no word of the report is in the issue classifier’s vocabulary']
      : [
          `issue classifier (logistic regression): ${prediction.label} ${prediction.scores[prediction.label].toFixed(2)}${strongest(prediction.topFeatures)}`,
        ];
  return offlineClassification(prediction, reasons);
}

function classifyReview(report: Report): Classification {
  const prediction = shippedReviewClassifier().predict({
    text: report.body,
    ...(report.title ? { title: report.title } : {}),
    ...(report.rating !== undefined ? { rating: report.rating } : {}),
  });
  const { bug, feature } = prediction.probabilities;
  const { thresholds } = shippedReviewClassifier().model;
  const reasons =
    prediction.knownTokens === 0
      ? ['no word of the report is in the review classifier’s vocabulary']
      : [
          `review classifier (logistic regression, one-vs-rest): bug ${bug.toFixed(2)} (threshold ${thresholds.bug}), feature ${feature.toFixed(2)} (threshold ${thresholds.feature})${strongest(prediction.topFeatures)}`,
        ];
  return {
    ...offlineClassification(prediction, reasons),
    reachedThreshold: prediction.reachedThreshold,
  };
}

/**
 * An offline classifier's answer: its label, confidence and margin, the reasons, and, when the report is
 * probably in a language the model does not know, that reason and `guess`.
 */
function offlineClassification(
  prediction: {
    label: ClassificationLabel;
    confidence: number;
    margin: number;
    unfamiliarLanguage?: string;
  },
  reasons: string[],
): Classification {
  const { unfamiliarLanguage } = prediction;
  return {
    label: prediction.label,
    confidence: prediction.confidence,
    margin: prediction.margin,
    method: 'offline',
    reasons: unfamiliarLanguage ? [...reasons, unfamiliarLanguage] : reasons,
    ...(unfamiliarLanguage ? { guess: true as const } : {}),
  };
}

/** ", because of: a, b, c" — the terms that pushed most toward the label, or nothing. */
function strongest(terms: readonly string[]): string {
  return terms.length === 0 ? '' : `; strongest terms: ${terms.join(', ')}`;
}
