/**
 * What gets investigated on arrival (issue #28): bug and crash groups; any report with a stack
 * trace or code in it, whatever its label (a classifier calling the README's json5 issue a
 * question must not hide it); a report whose label is uncertain; and a review the review
 * classifier's bug model flags, whatever label won — since an offline investigation costs about a
 * second and a missed bug costs a morning. Anything else (a confident feature request, praise, a
 * question without code) is investigated when someone asks.
 *
 * Code is a fenced or indented block, an inline code span (`ms('-.5d')`), or a line of code: a
 * call ending a line (`foo(bar);`), an arrow, a declaration (`const x =`, `function f(`,
 * `class A {`, `import x from '…'`). Declaration words must be followed by their syntax: in app
 * reviews "let me", "the search function" and "class notes" are English (the bare words matched
 * 54 of the 3,254 review texts of ../shared/data/reviews; the syntax matches none).
 *
 * A label is uncertain as intake's `isUncertainLabel` says (confidence below 0.5, or an offline
 * margin below 0.1: about a coin flip between two labels, measured there). On arrival, the
 * held-out reviews with a bug label (66) are then investigated 51 times instead of 33 (with 109
 * instead of 42 of the 503 others), and bug issues 421 times of 500 instead of 419 (248 instead of
 * 232 of the 1,000 others).
 *
 * The review classifier is one-vs-rest: a review's bug and feature probabilities each meet their
 * own threshold or not, and when both do the label furthest above its threshold (ratio) wins. The
 * review data are multi-label, so a review labelled `feature` with its bug probability over the
 * bug threshold is often a bug report too ("Game won't load!!!!! … black screen, loading
 * spinner! … Please fix it!!": feature 0.85 at 0.525, bug 0.80 at 0.6, margin 0.15, sure and never
 * investigated). Intake's `Classification.reachedThreshold` lists every label that met its
 * threshold, and one listing `bug` is investigated. Measured once with the shipped classifier on
 * the review test split (578 distinct texts, a text gold-bug when any of its rows is bug): gold-bug
 * reviews investigated on arrival go from 51 of 66 to 57, the others from 110 of 512 to 118 (7 of
 * those 8 are gold feature requests that read as bug reports: "The game do not have any audio,
 * please fix it!!!", "I get black screen after using flash"). The 9 gold-bug reviews still missed
 * are all below the bug threshold (8 of them labelled other, mostly praise mentioning a crash in
 * passing: "Besides the occasional crash, this is an amazing product").
 */
import { isUncertainLabel, UNCERTAIN_BELOW, UNCERTAIN_MARGIN } from '../adapters/investigator.js';
import type { ReportAnalysis } from '../store/index.js';
import { INVESTIGATED_LABELS, isInvestigatedLabel } from '../vocabulary.js';

/** The longest argument list read as a call's (`f(a, b)`), in characters. */
const MAX_ARGUMENTS = 200;

/**
 * A block, an inline span or a line of code (see the module's header). Every part stays on one
 * line and no two adjacent quantifiers can take the same characters, and argument lists are read
 * up to {@link MAX_ARGUMENTS} characters, so a report of any length is read in linear time (the
 * service runs this on every report it takes in).
 */
const CODE = new RegExp(
  [
    /^(?:```|~~~| {4}\S)/.source,
    /`[^`\n]+`/.source,
    String.raw`[\w$\]]\([^)\n]{0,${MAX_ARGUMENTS}}\)[ \t]*(?:;[ \t]*)?(?:\/\/.*)?$`,
    /=>/.source,
    /\b(?:const|let|var)\s+[\w$]+\s*=/.source,
    /\b(?:function|def)\s+[\w$]+\s*\(/.source,
    /\bclass\s+[\w$]+\s*(?:[{(:]|extends\b)/.source,
    /^[ \t]*import[ \t]+(?:[\w${}*,]+(?:[ \t]+[\w${}*,]+)*?[ \t]+from[ \t]*['"]|[\w$]+(?:\.[\w$*]+)+[ \t]*(?:;[ \t]*)?$)/
      .source,
  ].join('|'),
  'm',
);

/**
 * Why a report's group is investigated on arrival, or undefined when it is not.
 * @param groupLabel - the label of the group the report joined.
 * @param analysis - the report, parsed, and its classification.
 * @returns `<label> group`, `stack trace`, `code`, `uncertain label (<label> at <confidence>,
 *   margin <margin>)`, or `bug score over its threshold (labelled <label>)`.
 */
export function investigationCause(
  groupLabel: string,
  analysis: ReportAnalysis,
): string | undefined {
  if (isInvestigatedLabel(groupLabel)) return `${groupLabel} group`;
  const { report, classification } = analysis;
  if (report.exceptions.length > 0 || (report.stack?.length ?? 0) > 0) return 'stack trace';
  if (CODE.test(`${report.title ?? ''}\n${report.body}`)) return 'code';
  const { label, confidence, margin } = classification;
  if (isUncertainLabel(classification)) {
    const within = margin === undefined ? '' : `, margin ${margin.toFixed(2)}`;
    return `uncertain label (${label} at ${confidence.toFixed(2)}${within})`;
  }
  if (classification.reachedThreshold?.includes('bug')) {
    return `bug score over its threshold (labelled ${label})`;
  }
  return undefined;
}

/** Why a group is not investigated on arrival, for its investigation state. */
export const NOT_INVESTIGATED_REASON = `Investigated on arrival: ${INVESTIGATED_LABELS.join(' and ')} groups, reports with a stack trace or code, uncertain labels (confidence below ${UNCERTAIN_BELOW}, or within ${UNCERTAIN_MARGIN} of another label), and reviews whose bug score reached its threshold whatever label won; this group is investigated when someone asks (re-investigate).`;
