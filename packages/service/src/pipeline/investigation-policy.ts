/**
 * What gets investigated on arrival: bug and crash groups; any report with a stack trace or code
 * in it, whatever its label (a classifier calling the README's json5 issue a question must not
 * hide it); and a report whose label is uncertain, since an offline investigation costs about a
 * second and a missed bug costs a morning. Anything else (a confident feature request, praise, a
 * question without code) is investigated when someone asks.
 */
import type { ReportAnalysis } from '../store/index.js';
import { INVESTIGATED_LABELS, isInvestigatedLabel } from '../vocabulary.js';

/**
 * Classifications less sure than this are uncertain. The offline classifiers' answers on a
 * report they have no strong terms for sit near 1 / (number of labels) to 0.5.
 */
export const UNCERTAIN_BELOW = 0.5;

/** A fenced or indented code block, or a line of code-like punctuation (`foo(bar);`, `a => b`). */
const CODE =
  /^(?:```|~~~| {4}\S)|[\w$\]]\([^)]*\)\s*;?\s*(?:\/\/.*)?$|=>|\b(?:const|let|var|function|def|class|import)\s+[\w{]/m;

/**
 * Why a report's group is investigated on arrival, or undefined when it is not.
 * @returns `bug or crash`, `stack trace`, `code`, or `uncertain label (<confidence>)`.
 */
export function investigationCause(
  groupLabel: string,
  analysis: ReportAnalysis,
): string | undefined {
  if (isInvestigatedLabel(groupLabel)) return `${groupLabel} group`;
  const { report, classification } = analysis;
  if (report.exceptions.length > 0 || (report.stack?.length ?? 0) > 0) return 'stack trace';
  if (CODE.test(report.body)) return 'code';
  if (classification.confidence < UNCERTAIN_BELOW) {
    return `uncertain label (${classification.label} at ${classification.confidence.toFixed(2)})`;
  }
  return undefined;
}

/** Why a group is not investigated on arrival, for its investigation state. */
export const NOT_INVESTIGATED_REASON = `Investigated on arrival: ${INVESTIGATED_LABELS.join(' and ')} groups, reports with a stack trace or code, and uncertain labels (confidence below ${UNCERTAIN_BELOW}); this group is investigated when someone asks (re-investigate).`;
