/**
 * The multi-line pass of the secret scan: a secret split over several lines (a token concatenated
 * from string literals, continued by a backslash, hard-wrapped in a report, a key's body wrapped
 * with no BEGIN line above it) is found by scanning the text's logical lines (`joined-lines.ts`)
 * with the same rules, and withheld on every physical line it spans, and on no other.
 */
import { joinLines } from './joined-lines.js';

/** A secret a rule found: the character range [start, end) and what it is (a rule's name). */
export interface FoundSecret {
  start: number;
  end: number;
  what: string;
}

/** A secret found across lines. */
export interface SplitSecret {
  /** Its 1-based physical lines, ascending. */
  lines: number[];
  /** Whether a joint it crosses is only guessed (a run cut by a line break, `joined-lines.ts`). */
  guessed: boolean;
  /** What it is: the rule's name and `, split across lines`. */
  what: string;
}

/**
 * The lines of secrets that cross line breaks of a text, each secret's lines on their own.
 * @param text a decoded text (lines split at `\n`, a `\r` before it dropped).
 * @param find the scanner's rules run on a text: the secrets in it, by character range.
 * @returns each secret that crosses a joint; empty when no line of the text goes on into the
 *   next. Rejects when `find` does.
 */
export async function findSplitSecrets(
  text: string,
  find: (text: string) => Promise<readonly FoundSecret[]>,
): Promise<SplitSecret[]> {
  const joined = joinLines(text);
  if (joined.text === '') return [];
  const split: SplitSecret[] = [];
  for (const { start, end, what } of await find(joined.text)) {
    const span = joined.spanOf(start, end);
    if (span) split.push({ ...span, what: `${what}, split across lines` });
  }
  return split;
}
