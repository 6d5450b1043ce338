/**
 * Keeps the longest prefix of a list of lines that fits a token budget, with a closing note saying
 * how much was left out. Tokens are counted exactly with the given counter.
 */
import type { TokenCounter } from '../render/token-counter.js';

/** Result of {@link capLines}. */
export interface CappedLines {
  /** The lines kept, then the note when some were left out. */
  text: string;
  /** Exact tokens of `text`. */
  tokens: number;
  /** Number of input lines left out (0 when all fit). */
  omittedLines: number;
}

/**
 * Joins `lines` with newlines, cutting from the end until the text fits `budgetTokens`.
 * @param lines - lines in reading order.
 * @param budgetTokens - most tokens of the result, note included; `Infinity` keeps everything.
 * @param note - builds the closing note from the number of lines left out.
 * @param countTokens - exact counter (see `resolveTokenCounter`).
 * @returns the text, its exact token count and how many lines were left out. When even the note
 *   alone does not fit, `text` is empty.
 */
export function capLines(
  lines: readonly string[],
  budgetTokens: number,
  note: (omittedLines: number) => string,
  countTokens: TokenCounter,
): CappedLines {
  const full = lines.join('\n');
  const fullTokens = countTokens(full);
  if (fullTokens <= budgetTokens) return { text: full, tokens: fullTokens, omittedLines: 0 };
  // Per-line counts are additive up to a token or so per line break: estimate the cut with them,
  // then confirm with an exact count of the joined text and step back while it is over.
  const lineTokens = lines.map((line) => countTokens(`${line}\n`));
  let kept = 0;
  let used = countTokens(note(lines.length));
  while (kept < lines.length && used + (lineTokens[kept] ?? 0) <= budgetTokens) {
    used += lineTokens[kept] ?? 0;
    kept += 1;
  }
  for (; kept >= 0; kept -= 1) {
    const text = [...lines.slice(0, kept), note(lines.length - kept)].join('\n');
    const tokens = countTokens(text);
    if (tokens <= budgetTokens) return { text, tokens, omittedLines: lines.length - kept };
  }
  return { text: '', tokens: 0, omittedLines: lines.length };
}
