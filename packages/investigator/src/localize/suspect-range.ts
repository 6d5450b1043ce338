/**
 * Chooses the line range of a suspect inside one file: the definition enclosing a stack frame's
 * line, else the definition that best matches the report, else a window.
 */
import type { Definition, IndexedFile } from '@sightline/codebase';

/** Definition kinds that are units of behaviour; preferred as a frame's enclosing range. */
const CALLABLE_KINDS = new Set(['function', 'method', 'macro']);
/** Definition kinds that may enclose a frame when no callable does. */
const CONTAINER_KINDS = new Set(['class', 'interface', 'enum', 'module', 'type']);

/** Lines shown either side of a frame line that no definition encloses. */
const FRAME_WINDOW_LINES = 5;
/** A container longer than this is too coarse to be a range; a window is used instead. */
const MAX_CONTAINER_LINES = 120;
/** Lines shown from the top of a file when nothing better is known. */
const HEAD_LINES = 40;

function span(definition: Definition): number {
  return definition.lines[1] - definition.lines[0];
}

function clampWindow(line: number, radius: number, lineCount: number): [number, number] {
  const last = Math.max(1, lineCount);
  return [Math.max(1, Math.min(line, last) - radius), Math.min(last, Math.max(1, line + radius))];
}

/**
 * The innermost callable (function, method) enclosing `line`, else the innermost short container
 * (class, module) enclosing it.
 * @param file the indexed file.
 * @param line 1-based line.
 * @returns the definition, or `undefined` when none encloses the line.
 */
export function enclosingDefinition(file: IndexedFile, line: number): Definition | undefined {
  const enclosing = file.definitions
    .filter((definition) => definition.lines[0] <= line && line <= definition.lines[1])
    .sort((a, b) => span(a) - span(b) || a.lines[0] - b.lines[0]);
  return (
    enclosing.find((definition) => CALLABLE_KINDS.has(definition.kind)) ??
    enclosing.find(
      (definition) =>
        CONTAINER_KINDS.has(definition.kind) && span(definition) < MAX_CONTAINER_LINES,
    )
  );
}

/** A line range with the definition it came from, if any. */
export interface ChosenRange {
  lines: [number, number];
  symbol?: string;
}

/**
 * The range around a frame line: the enclosing definition, else ±{@link FRAME_WINDOW_LINES}.
 * @param file the indexed file.
 * @param line 1-based frame line.
 * @returns the range and, when a definition encloses the line, its qualified name.
 */
export function rangeAtLine(file: IndexedFile, line: number): ChosenRange {
  const definition = enclosingDefinition(file, line);
  if (definition) return rangeOfDefinition(definition);
  return { lines: clampWindow(line, FRAME_WINDOW_LINES, file.lineCount) };
}

/**
 * The range of a definition chosen by name or lexical match.
 * @param definition the definition.
 * @returns its lines and qualified name (scope and name joined with `.`, e.g. `Parser.parse`).
 */
export function rangeOfDefinition(definition: Definition): ChosenRange {
  return { lines: [...definition.lines], symbol: [...definition.scope, definition.name].join('.') };
}

/**
 * The top of a file, when no line or definition stands out.
 * @param file the indexed file.
 * @returns its first 40 lines (fewer in a short file).
 */
export function headRange(file: IndexedFile): ChosenRange {
  return { lines: [1, Math.max(1, Math.min(file.lineCount, HEAD_LINES))] };
}
