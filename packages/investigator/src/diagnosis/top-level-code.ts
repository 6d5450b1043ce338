/**
 * Whether a range of a file lies in top-level code: a script's statements, a module's imports
 * and initialization, which no definition encloses and so have no symbol to name. The repository
 * index does not name everything code sits in (an anonymous default export, a callback passed at
 * the top level), so a range outside every definition is top-level only when the statement it
 * belongs to does not open a function literal: its head, the nearest non-blank line at or above
 * the range's start that starts at column 0 (every style indents a function's body), holds no
 * arrow, lambda or function keyword.
 */

/** Tokens that open a function literal in the languages the index reads (`=>`, `->`, `def`, …). */
const FUNCTION_LITERAL =
  /=>|->|\b(?:function|lambda|def|fun|func|fn|proc|do|async)\b|\|[\w\s,&:<>]*\|\s*\{/;

/**
 * Whether line `start` of `lines` belongs to a top-level statement that opens no function literal.
 * Call it only for a range the index's definitions do not overlap.
 * @param lines - the file's lines, without terminators.
 * @param start - the range's first line (1-based).
 * @returns `false` when the statement's head opens a function literal or no line at column 0
 *   leads the range (the range then lies in a body the index does not name).
 */
export function inTopLevelCode(lines: readonly string[], start: number): boolean {
  for (let line = Math.min(start, lines.length); line >= 1; line -= 1) {
    const text = lines[line - 1] ?? '';
    if (text.trim() === '') continue;
    if (/^\s/.test(text)) continue;
    return !FUNCTION_LITERAL.test(text);
  }
  return false;
}
