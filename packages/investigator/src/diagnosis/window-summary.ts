/**
 * The one sentence a diagnosis says about its regression window, in plain text (the JSON
 * diagnosis' `summary`) and with its versions shown by the caller (Markdown code spans: a tag name
 * may hold `<`, `[` or backticks, which Markdown would render).
 */

const CLAIMED = 'regressed between ';

/** A regression window as its sentence needs it. */
export interface WindowWords {
  /** True when the report says an earlier version worked. */
  claimed: boolean;
  /** Last good version as named (a tag, a commit id as the report wrote it). */
  good: string;
  /** First bad version as named. */
  bad: string;
}

/**
 * The window's sentence: "regressed between v3.1.0 and v3.2.0", or, when the report names only
 * the failing version, "the report names v3.2.0; the changes since v3.1.0, the release before it
 * (…)".
 * @param show how a version is printed (default: as named).
 */
export function windowSentence(
  { claimed, good, bad }: WindowWords,
  show: (ref: string) => string = (ref) => ref,
): string {
  return claimed
    ? `${CLAIMED}${show(good)} and ${show(bad)}`
    : `the report names ${show(bad)}; the changes since ${show(good)}, the release before it (the report does not say an earlier version worked)`;
}

/** Whether a window's `summary` (written by {@link windowSentence}) says the report claimed it. */
export function claimsRegression(summary: string): boolean {
  return summary.startsWith(CLAIMED);
}
