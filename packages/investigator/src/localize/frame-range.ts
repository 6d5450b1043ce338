/**
 * The range a stack frame points at, checked against the function the frame names. A trace often
 * comes from another version of the code than the checkout (a user on an older release, a server
 * behind the main branch): its line may lie past the end of the file, or inside another function.
 * When the frame's line is past the end of the file, or no function enclosing it is one the frame
 * names, while the file defines a function the frame names, that function's range is used, and
 * the suspect says why. Otherwise the range is the one around the line (`rangeAtLine`).
 *
 * A frame names a function by any identifier of its function text (`Foo.bar`, `lambda$parse$0`,
 * `app::cart::total::h1a2…`; an Objective-C method by its class and first selector keyword,
 * `functionWords`), read right to left: the method before its class, so a line inside class `Foo`'s
 * other method does not count as `Foo.bar`'s.
 */
import type { Definition, IndexedFile } from '@sightline/codebase';
import { codeSpan } from '../diagnosis/markdown-text.js';
import { functionWords } from './function-words.js';
import {
  CALLABLE_KINDS,
  type ChosenRange,
  rangeAtLine,
  rangeOfDefinition,
  span,
} from './suspect-range.js';

/** How the reason a frame's range was moved to the function it names starts. */
export const MOVED_FRAME_PREFIX = "the frame's line";

/** A frame's range, and why it is not the one around its line when it is not. */
export interface FrameRange {
  range: ChosenRange;
  /** Set when the range is the named function's, not the line's: one sentence for the evidence. */
  moved?: string;
}

/** The identifiers of a frame's function text, rightmost first; `$`-joined parts also alone. */
function namesOf(text: string): string[] {
  const words = functionWords(text.replace(/ \[as [^\]]*\]$/, ''));
  return words.flatMap((word) => [word, ...word.split('$').filter(Boolean)]).reverse();
}

/** The callable definitions of `file` named `name`, nearest to `line` first. */
function callablesNamed(file: IndexedFile, name: string, line: number): Definition[] {
  const distance = (definition: Definition) =>
    line < definition.lines[0]
      ? definition.lines[0] - line
      : Math.max(0, line - definition.lines[1]);
  return file.definitions
    .filter((definition) => definition.name === name && CALLABLE_KINDS.has(definition.kind))
    .sort((a, b) => distance(a) - distance(b) || a.lines[0] - b.lines[0]);
}

/**
 * The range of a frame in `file`.
 * @param file the indexed file the frame resolved to.
 * @param frame the frame's 1-based line and its function text as printed (absent: unknown).
 * @returns the range, with `moved` when the named function's range replaced the line's.
 */
export function frameRange(
  file: IndexedFile,
  frame: { line: number; function?: string | undefined },
): FrameRange {
  const names = frame.function ? namesOf(frame.function) : [];
  const atLine = () => ({ range: rangeAtLine(file, frame.line) });
  if (names.length === 0) return atLine();
  const pastEnd = frame.line > file.lineCount;
  const enclosing = file.definitions.filter(
    (definition) =>
      CALLABLE_KINDS.has(definition.kind) &&
      definition.lines[0] <= frame.line &&
      frame.line <= definition.lines[1],
  );
  const named = new Set(names);
  if (!pastEnd && (enclosing.length === 0 || enclosing.some((d) => named.has(d.name)))) {
    return atLine();
  }
  for (const name of names) {
    const [definition] = callablesNamed(file, name, frame.line);
    if (!definition) continue;
    const [innermost] = [...enclosing].sort((a, b) => span(a) - span(b));
    const where = pastEnd
      ? `is past the end of the file (${file.lineCount} lines)`
      : `lies in ${codeSpan(innermost?.name ?? '?')}`;
    return {
      range: rangeOfDefinition(file, definition),
      moved: `${MOVED_FRAME_PREFIX} ${frame.line} ${where}, not in ${codeSpan(name)} that it names: the trace is probably from another version of the file, so ${codeSpan(name)}'s lines are shown`,
    };
  }
  return atLine();
}
