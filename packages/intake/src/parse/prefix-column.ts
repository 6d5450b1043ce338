/**
 * A column a logging tool writes before every line of a stack trace: Docker Compose's service
 * (`web_1  | \tat …`), the Java Service Wrapper's (`jvm 3    | 2010/08/03 16:42:53 | \tat …`), an
 * indented log viewer's line numbers (`  8954     at …`), a timestamp and a level. A frame behind
 * one does not start its line, so no trace format read it. Rather than a rule per tool, the
 * column is read from the report: the text before `at` on the lines holding a frame, reduced to
 * its shape (digits, letters and spaces as runs, other characters as they are); when frames share
 * one shape, that shape's text is taken off every line that starts with it.
 */

/**
 * An `at` frame (JVM, .NET, V8 with a function): `at`, a qualified name, then `(` — the frame's
 * start, whatever precedes it on its line.
 */
const FRAME_START = /(?<=^|\s)at [\w$.<>/`[\],-]{1,300} ?\(/;

/** Frames that must share a column before it is taken for one. */
const MIN_FRAMES = 2;

/** A column longer than this is a line's text, not a tool's column. */
const MAX_COLUMN_CHARS = 120;

/**
 * The shape of a column's text: runs of digits, letters (with `_`) and whitespace, each as one
 * token, other characters as they are. `jvm 3    | 2010/08/03 16:42:53 |` and
 * `jvm 1 | 2011/01/02 01:02:03 |` have one shape.
 */
function shapeOf(column: string): string {
  return column
    .replace(/\d+/g, '0')
    .replace(/[A-Za-z_]+/g, 'a')
    .replace(/\s+/g, ' ');
}

/** The pattern of a shape ({@link shapeOf}), anchored at a line's start, one space after it allowed. */
function patternOf(shape: string): RegExp {
  const source = [...shape]
    .map((token) =>
      token === '0'
        ? String.raw`\d+`
        : token === 'a'
          ? '[A-Za-z_]+'
          : token === ' '
            ? String.raw`\s+`
            : token.replace(/[\\^$.*+?()[\]{}|/-]/g, String.raw`\$&`),
    )
    .join('');
  return new RegExp(`^${source} ?`);
}

/**
 * The lines without the column their frames share (see the module's header): the shape most
 * frames' columns have, kept when at least {@link MIN_FRAMES} frames have it and it holds a digit
 * or a mark (a word alone is a sentence's, not a column), taken off every line starting with it;
 * the whitespace after it stays as the line's indentation.
 * @param lines - a report's lines.
 * @returns the lines, or `null` when no column is shared.
 */
export function withoutPrefixColumn(lines: string[]): string[] | null {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const at = FRAME_START.exec(line)?.index;
    if (at === undefined || at === 0) continue;
    const column = line.slice(0, at).trimEnd();
    if (column.trim() === '' || column.length > MAX_COLUMN_CHARS) continue;
    const shape = shapeOf(column);
    if (!/[^a\s]/.test(shape)) continue;
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  const [shape, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (shape === undefined || (count ?? 0) < MIN_FRAMES) return null;
  const pattern = patternOf(shape);
  return lines.map((line) => line.replace(pattern, ''));
}
