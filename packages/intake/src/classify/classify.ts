/**
 * Classifies a parsed report as bug, crash, feature or other.
 *
 * Order: a report with an exception is a crash (no model needed); otherwise a language model
 * decides when one is given, and the shipped offline review classifier when not.
 */
import type { LanguageModel } from 'ai';
import { describeException } from '../parse/formats/error-header.js';
import type { Report } from '../parse/types.js';
import { classifyWithModel } from './classify-with-model.js';
import shippedModel from './model/review-classifier.json' with { type: 'json' };
import {
  loadReviewClassifier,
  type ReviewClassifier,
  type ReviewClassifierModel,
} from './review-classifier.js';
import type { Classification } from './types.js';

/** Confidence of the exception rule: a parsed exception is near-certain evidence of a crash. */
export const CRASH_RULE_CONFIDENCE = 0.99;

/** Options of {@link classify}. */
export interface ClassifyOptions {
  /** Classify with this model instead of offline (reports with an exception stay crashes). Default: none. */
  model?: LanguageModel;
  /** Cancels a model call. */
  abortSignal?: AbortSignal;
}

let offlineClassifier: ReviewClassifier | undefined;

/**
 * The review classifier shipped in model/review-classifier.json, loaded once.
 *
 * @returns The loaded classifier.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` if the shipped file is of another version.
 */
export function shippedReviewClassifier(): ReviewClassifier {
  offlineClassifier ??= loadReviewClassifier(shippedModel as ReviewClassifierModel);
  return offlineClassifier;
}

/**
 * Classifies a report.
 *
 * @param report - A report from `parseReport`.
 * @param options - An optional model; without one the offline classifier runs (no network, no key).
 * @returns The label, a 0..1 confidence, the method used and human-readable reasons.
 * @throws SightlineError `MODEL_OUTPUT_INVALID` or `MODEL_CALL_FAILED` from the model path only.
 * @example
 * const classification = await classify(parseReport(text));
 * // { label: 'bug', confidence: 0.93, method: 'offline', reasons: [...] }
 */
export async function classify(
  report: Report,
  options: ClassifyOptions = {},
): Promise<Classification> {
  const exception = report.exceptions[0];
  if (exception) {
    const named = describeException(exception);
    const reason = named
      ? `the report contains an exception: ${named}`
      : 'the report contains a stack trace of an unnamed error';
    return {
      label: 'crash',
      confidence: CRASH_RULE_CONFIDENCE,
      method: 'offline',
      reasons: [reason.slice(0, 200)],
    };
  }
  if (options.model) {
    return classifyWithModel(report, {
      model: options.model,
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    });
  }
  return classifyOffline(report);
}

/**
 * Classifies a report's text with the shipped naive Bayes review classifier.
 *
 * @param report - A report; its title, body and rating are used.
 * @returns A classification with method `offline` (never `crash`: that is the exception rule's).
 */
export function classifyOffline(report: Report): Classification {
  const prediction = shippedReviewClassifier().predict({
    text: report.body,
    ...(report.title ? { title: report.title } : {}),
    ...(report.rating !== undefined ? { rating: report.rating } : {}),
  });
  const scores = Object.entries(prediction.scores)
    .map(([label, score]) => `${label} ${score.toFixed(2)}`)
    .join(', ');
  const reasons =
    prediction.knownTokens === 0
      ? ['no word of the report is in the review classifier’s vocabulary']
      : [`review classifier (naive Bayes) scores: ${scores}`];
  if (report.kind !== 'review') {
    reasons.push(`the classifier was trained on app reviews; this report is ${report.kind}`);
  }
  return { label: prediction.label, confidence: prediction.confidence, method: 'offline', reasons };
}
