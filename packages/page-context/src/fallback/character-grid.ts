/**
 * A character grid for "text screenshots": text is written at (row, column); text that would run
 * into text already on its row moves right, one space after it, instead of overwriting it
 * (proportional fonts are narrower or wider than a grid cell, so painted neighbours can collide).
 * Graphics (SVG bars, lines, markers) are painted on a layer below the text: text wins a cell.
 */

/**
 * Wraps text at word boundaries to lines of at most `width` characters (longer words are split).
 * @param text - collapsed text.
 * @param width - line width in characters, at least 1.
 * @returns the lines; none for empty text.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Rows of characters; write text left to right within a row (sort by row, then column). */
export class CharacterGrid {
  private readonly rows = new Map<number, string>();
  private readonly graphics = new Map<number, Map<number, string>>();

  /**
   * @param columns - width of the grid; characters past it are dropped. Default: unbounded.
   */
  constructor(private readonly columns = Number.POSITIVE_INFINITY) {}

  /**
   * Writes `text` at (row, column), or after the text already on that row when it would overlap:
   * one space after it, or right after it when `glued` (painted flush against it).
   * @param row - 0-based row.
   * @param column - 0-based column where it was painted.
   * @param text - the run of text.
   * @param glued - painted touching the previous run of the row. Default false.
   */
  write(row: number, column: number, text: string, glued = false): void {
    const line = this.rows.get(row) ?? '';
    const start =
      line.length === 0 || column > line.length ? column : glued ? line.length : line.length + 1;
    if (start >= this.columns) return;
    this.rows.set(row, (line.padEnd(start) + text).slice(0, this.columns));
  }

  /**
   * Paints one graphic character at (row, column) on the layer below the text; a later paint of
   * the same cell replaces an earlier one.
   * @param row - 0-based row, at least 0.
   * @param column - 0-based column, at least 0; past the grid's width it is dropped.
   * @param char - one character (a block, a line piece, a marker).
   */
  paint(row: number, column: number, char: string): void {
    if (row < 0 || column < 0 || column >= this.columns) return;
    const cells = this.graphics.get(row) ?? new Map<number, string>();
    cells.set(column, char);
    this.graphics.set(row, cells);
  }

  /**
   * The grid as text: graphics under the text (a text character other than a space wins its cell),
   * trailing spaces of each row trimmed, blank rows kept where the page has them.
   * @returns the rows joined by newlines, from row 0 to the last row holding anything.
   */
  render(): string {
    const filled = [...this.rows.keys(), ...this.graphics.keys()];
    if (filled.length === 0) return '';
    const last = Math.max(...filled);
    const lines: string[] = [];
    for (let row = 0; row <= last; row += 1) {
      const cells = [...(this.rows.get(row) ?? '')];
      for (const [column, char] of this.graphics.get(row) ?? []) {
        while (cells.length <= column) cells.push(' ');
        if (cells[column] === ' ') cells[column] = char;
      }
      lines.push(cells.join('').trimEnd());
    }
    return lines.join('\n');
  }
}
