/**
 * The crash rule: a report with a parsed exception or stack trace, a crash log or a Sentry event
 * is a crash, whatever its words say and whether or not a model is configured.
 */
import { describeException } from '../parse/formats/error-header.js';
import type { Report } from '../parse/types.js';
import type { Classification } from './types.js';

/** Confidence of the crash rule: parsed crash evidence is near-certain. */
export const CRASH_RULE_CONFIDENCE = 0.99;

/** Longest reason text, in characters. */
const MAX_REASON_CHARS = 200;

/**
 * Applies the crash rule.
 *
 * @param report - A report from `parseReport`.
 * @returns A `crash` classification naming the evidence, or `undefined` when there is none.
 */
export function crashRule(report: Report): Classification | undefined {
  const reason = crashEvidence(report);
  if (!reason) return undefined;
  return {
    label: 'crash',
    confidence: CRASH_RULE_CONFIDENCE,
    method: 'offline',
    reasons: [reason.slice(0, MAX_REASON_CHARS)],
  };
}

function crashEvidence(report: Report): string | undefined {
  const exception = report.exceptions[0];
  if (exception) {
    const named = describeException(exception);
    return named
      ? `the report contains an exception: ${named}`
      : 'the report contains a stack trace of an unnamed error';
  }
  if (report.source.format === 'sentry') return 'the report is a Sentry event';
  if (report.stack && report.stack.length > 0) {
    return `the report contains a stack trace (${report.stack.length} frames)`;
  }
  if (report.kind === 'crash') return `the report is a crash log (${report.source.format})`;
  return undefined;
}
