/** A reading that replaces some of a report's lines by others, line by line. */

/**
 * The lines with each line `read` gives lines for replaced by them (`[line]` kept otherwise).
 * @param lines - a report's lines.
 * @param read - the lines one line stands for, or `null` to keep it as it is.
 * @returns a new array of lines, or `null` when `read` replaced no line.
 */
export function withLinesReplaced(
  lines: readonly string[],
  read: (line: string) => string[] | null,
): string[] | null {
  let replaced = false;
  const out = lines.flatMap((line) => {
    const pieces = read(line);
    if (!pieces) return [line];
    replaced = true;
    return pieces;
  });
  return replaced ? out : null;
}
