/**
 * Fenced Markdown code blocks as issue classification reads them: from a line (after at most
 * three spaces) opening with a run of three or more backticks or tildes, through that line's
 * newline, to the first later line of the same run (at most three spaces before it, blanks after
 * it), else to the end of the text. The blocks the pattern
 * `/^ {0,3}(?=(`{3,}|~{3,}))\1[^\n]*\n[\s\S]*?(?:\n {0,3}\1[ \t]*(?=\n|$)|(?![\s\S]))/gm` matches,
 * found by a scan linear in the text: the pattern read from every line start to the text's end
 * when no newline followed (lines ended by `\r` alone: 64 KiB took 2 s).
 */

/** A fence opening a line (`^` under the `m` flag: after `\n`, `\r`, U+2028 or U+2029). */
const OPENING = /^ {0,3}(?=(`{3,}|~{3,}))\1/gm;
/** Blanks, then a line's end (`$` under the `m` flag), from where a closing fence run ends. */
const CLOSING_REST = /[ \t]*(?=[\n\r\u2028\u2029]|(?![\s\S]))/y;
/** At most three spaces, from after a closing fence's newline. */
const INDENT = / {0,3}/y;

/** One fenced code block of a text, as character offsets. */
export interface FencedBlock {
  /** `[start, end)` of the block, its fence lines included (the end excludes the closing line's terminator). */
  range: [number, number];
  /**
   * `[start, end)` of its content: from after the opening line's newline to the newline before
   * the closing line (to the text's end when no fence closes it).
   */
  content: [number, number];
}

/**
 * The fenced code blocks of `text`, in order (see the module's header).
 * @returns each block's range and content range.
 * @example fencedBlocks('a\n```js\nx\n```\nb'); // [{ range: [2, 13], content: [8, 9] }]
 */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  OPENING.lastIndex = 0;
  for (let found = OPENING.exec(text); found; found = OPENING.exec(text)) {
    const fence = found[1] as string;
    const lineEnd = text.indexOf('\n', found.index + found[0].length);
    // No newline after this opening: none after any later one either.
    if (lineEnd === -1) break;
    const closing = closingLine(text, fence, lineEnd + 1);
    const end = closing?.end ?? text.length;
    blocks.push({ range: [found.index, end], content: [lineEnd + 1, closing?.start ?? end] });
    OPENING.lastIndex = end;
  }
  return blocks;
}

/**
 * The fenced code blocks of `text`, in order.
 * @returns `[start, end)` character offsets of each block (the end excludes the closing line's
 *   terminator).
 * @example fencedBlockRanges('a\n```js\nx\n```\nb'); // [[2, 13]]
 */
export function fencedBlockRanges(text: string): Array<[number, number]> {
  return fencedBlocks(text).map(({ range }) => range);
}

/**
 * The first closing line of `fence` at or after `from`: `start`, the newline before it; `end`,
 * where it ends (before its blanks' line end).
 */
function closingLine(
  text: string,
  fence: string,
  from: number,
): { start: number; end: number } | undefined {
  for (let newline = text.indexOf('\n', from); newline !== -1; ) {
    INDENT.lastIndex = newline + 1;
    INDENT.exec(text);
    const run = INDENT.lastIndex;
    if (text.startsWith(fence, run)) {
      CLOSING_REST.lastIndex = run + fence.length;
      if (CLOSING_REST.exec(text)) return { start: newline, end: CLOSING_REST.lastIndex };
    }
    newline = text.indexOf('\n', newline + 1);
  }
  return undefined;
}

/** `text` with each fenced code block replaced by `replacement`. */
export function withoutFencedBlocks(text: string, replacement: string): string {
  let kept = '';
  let from = 0;
  for (const [start, end] of fencedBlockRanges(text)) {
    kept += text.slice(from, start) + replacement;
    from = end;
  }
  return kept + text.slice(from);
}
