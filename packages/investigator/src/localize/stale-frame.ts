/**
 * A trace's frame that cannot belong to this checkout: it names a function (or, for a
 * constructor, a class) its file does not define, at a line no function of the file holds (top-level code, a blank line, or past the end)
 * or at a comment or blank line inside another function (no statement a frame could stand on).
 * The trace then comes from another version of the code, and the frame's line says nothing about
 * where the error is raised here. A frame whose function the file does define somewhere else is
 * moved to it instead (frame-range.ts); a frame naming no plain identifier (`<module>`,
 * `Object.<anonymous>`) can stand at top-level code and is never taken as stale.
 */
import type { IndexedFile } from '@sightline/codebase';
import { codeSpan } from '../diagnosis/markdown-text.js';
import { inTopLevelCode } from '../diagnosis/top-level-code.js';
import { COMMENT_OR_BLANK_LINE } from './function-shape.js';
import { CALLABLE_KINDS } from './suspect-range.js';

/**
 * Why a frame does not match its file, if it does not.
 * @param file - the indexed file the frame resolved to.
 * @param lines - that file's lines as the secret gate shows them.
 * @param frame - the frame's 1-based line and its function text as printed.
 * @param shownPath - the file's path as printed (`printablePath`).
 * @returns one clause for the diagnosis ("app/orders.py defines no `f`, and its line 4 is
 *   top-level code: …"), or `undefined` when the frame may well be this checkout's.
 */
export function staleFrameNote(
  file: IndexedFile,
  lines: readonly string[],
  frame: { line?: number | undefined; function?: string | undefined },
  shownPath: string,
): string | undefined {
  const { line } = frame;
  const name = frame.function?.match(/[A-Za-z_$][\w$]*$/)?.[0];
  if (line === undefined || !name) return undefined;
  const callables = file.definitions.filter(({ kind }) => CALLABLE_KINDS.has(kind));
  // Any definition of the name counts, not only callables: a constructor's frame names its class
  // (`new Store`), and constructors are not indexed as definitions of their own (trial 48).
  if (callables.length === 0 || file.definitions.some((definition) => definition.name === name)) {
    return undefined;
  }
  const text = lines[line - 1] ?? '';
  const inside = callables.some(({ lines: [start, end] }) => start <= line && line <= end);
  const where =
    line > file.lineCount
      ? `past the end of the file (${file.lineCount} lines)`
      : text.trim() === ''
        ? 'blank'
        : inside
          ? COMMENT_OR_BLANK_LINE.test(text)
            ? 'a comment'
            : undefined
          : inTopLevelCode(lines, line)
            ? 'top-level code'
            : undefined;
  return where
    ? `${shownPath} defines no ${codeSpan(name)}, and its line ${line} is ${where}: the trace is probably from another version of the file`
    : undefined;
}
