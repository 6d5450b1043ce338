/** A reading that replaces some of a report's lines by others, line by line. */
import { MAX_BODY_CHARS } from './limits.js';

/**
 * The lines with each line `read` gives lines for replaced by them (`[line]` kept otherwise).
 * The work is bounded per report, not only per line: once the lines given reach MAX_BODY_CHARS
 * characters in all, the lines after are kept as they are without being read (a file of 35,000
 * escaped traces, or 4,500 joined logcat copies, was read in full by each reading).
 * @param lines - a report's lines.
 * @param read - the lines one line stands for, or `null` to keep it as it is.
 * @returns a new array of lines, or `null` when `read` replaced no line.
 */
export function withLinesReplaced(
  lines: readonly string[],
  read: (line: string) => string[] | null,
): string[] | null {
  let replaced = false;
  let budget = MAX_BODY_CHARS;
  const out: string[] = [];
  for (const line of lines) {
    const pieces = budget > 0 ? read(line) : null;
    if (!pieces) {
      out.push(line);
      continue;
    }
    replaced = true;
    for (const piece of pieces) {
      out.push(piece);
      budget -= piece.length + 1;
    }
  }
  return replaced ? out : null;
}
