/**
 * Secrets written as string literals joined on one line: `'ghp_' + '…'`, `['ghp_…', '…'].join('')`,
 * Python's and C's adjacent literals (`'ghp_' '…'`), PHP's `.`, Lua's `..`, VB's `&`. Each piece
 * alone matches no rule, so the token was shown whole (found by the fresh-user trial of stop 62;
 * `joined-lines.ts` joins literals only across line breaks). A line holding such a joint is scanned
 * again with the quotes and the operator between its literals taken out; every such line goes into
 * one text, scanned once.
 */
import type { FoundSecret } from './split-secrets.js';

/**
 * A joint between two literals: a closing quote, an operator (`+`, `.`, `..`, `&`, `||`, `,`,
 * `.concat(`) or spaces, and an opening quote, of any kinds (`'ghp_' + "…"`); or a template
 * literal's interpolation of a literal (`` `ghp_${'…'}` ``). `''` alone (an empty literal) is none.
 */
const LITERAL_JOINT =
  /["'`](?:[ \t]*(?:\+|\.{1,2}|&|\|\||,|\.concat\()[ \t]*|[ \t]+)["'`]|\$\{[ \t]*["'`]/g;
/** The end of a template literal's interpolation of a literal: taken out of a line with a joint. */
const INTERPOLATION_END = /["'`][ \t]*\}/g;

/**
 * Longest line read again, in characters: a secret split across literals sits in code written by
 * hand; a minified or data line of thousands of literals would double the scan's work.
 */
const MAX_JOINED_LINE = 2_000;

/** A secret found in a line's joined form. */
export interface LiteralJoinedSecret {
  /** Its 1-based physical line. */
  line: number;
  /** What it is: the rule's name and `, split across string literals`. */
  what: string;
}

/**
 * The lines of a text whose string literals, joined, hold a secret.
 * @param lines - the text's physical lines (without line terminators).
 * @param find - the scanner's rules run on a text: the secrets in it, by character range.
 * @returns each line with a secret in its joined form (at most one entry a line). Rejects when
 *   `find` does.
 */
export async function findLiteralJoinedSecrets(
  lines: readonly string[],
  find: (text: string) => Promise<readonly FoundSecret[]>,
): Promise<LiteralJoinedSecret[]> {
  const joined: string[] = [];
  const lineOf: number[] = [];
  lines.forEach((line, at) => {
    if (line.length > MAX_JOINED_LINE) return;
    LITERAL_JOINT.lastIndex = 0;
    if (!LITERAL_JOINT.test(line)) return;
    joined.push(line.replace(LITERAL_JOINT, '').replace(INTERPOLATION_END, ''));
    lineOf.push(at + 1);
  });
  if (joined.length === 0) return [];
  const text = joined.join('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of joined) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const found = new Map<number, string>();
  for (const { start, what } of await find(text)) {
    const index = starts.findLastIndex((at) => at <= start);
    const line = lineOf[index];
    if (line !== undefined && !found.has(line)) {
      found.set(line, `${what}, split across string literals`);
    }
  }
  return [...found].map(([line, what]) => ({ line, what }));
}
