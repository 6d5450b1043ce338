/**
 * Numbered lines as models see them, in the format of the investigator's `read_file`
 * (`  12│ text`), so a model reads stored content the way it reads code.
 */
import { cutLine, digits } from '@sightline/core';

/** Characters of one line shown before it is cut with `…` (Claude Code's Read tool cuts at 2,000). */
const DEFAULT_MAX_LINE_CHARS = 2_000;

/**
 * Numbers lines, cutting long ones.
 * @param lines - the lines, without terminators.
 * @param firstLine - number of `lines[0]`, 1-based.
 * @param options - `maxLineChars` (default 2,000 characters), `width` (default: digits of the
 * last number, at least 4).
 * @returns the numbered lines and how many were cut.
 */
export function numberLines(
  lines: readonly string[],
  firstLine: number,
  {
    maxLineChars = DEFAULT_MAX_LINE_CHARS,
    width = Math.max(4, digits(firstLine + lines.length - 1)),
  }: { maxLineChars?: number; width?: number } = {},
): { lines: string[]; cut: number } {
  let cut = 0;
  const numbered = lines.map((line, index) => {
    const shown = cutLine(line, maxLineChars);
    if (shown.cut) cut += 1;
    return `${String(firstLine + index).padStart(width)}│ ${shown.text}`;
  });
  return { lines: numbered, cut };
}
