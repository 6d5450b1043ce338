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

/** A definition chosen without a frame and longer than this is narrowed to one of its members. */
const MAX_UNNARROWED_LINES = 150;
/** A one-line match gives way to a longer one scoring at least this share of it (stubs). */
const STUB_SHARE = 0.5;

/** A definition that matched the report, with its relative lexical score. */
export interface RangeCandidate {
  definition: Definition;
  score: number;
}

/**
 * The range of a file no frame points into: the best-matching definition when the report also
 * names it, else a named definition longer than a line, else the best-matching definition
 * (a one-line stub gives way to a longer match), else any named definition, else the top of the
 * file. A container longer than 150 lines (a class of thousands) is narrowed to its best-matching
 * or named callable member, else to its first lines.
 * @param file - the indexed file.
 * @param mentioned - names the report mentions.
 * @param matches - definitions of this file matching the report, best first.
 * @returns the range, with the qualified name when a definition was chosen.
 */
export function chooseRange(
  file: IndexedFile,
  mentioned: ReadonlySet<string>,
  matches: readonly RangeCandidate[],
): ChosenRange {
  const [first] = matches;
  const longer = matches.find(
    ({ definition, score }) =>
      span(definition) > 0 && first !== undefined && score >= first.score * STUB_SHARE,
  );
  const best = first && span(first.definition) === 0 ? (longer ?? first) : first;
  const named = file.definitions.filter((definition) => mentioned.has(definition.name));
  const chosen =
    (best && mentioned.has(best.definition.name) ? best.definition : undefined) ??
    named.find((definition) => span(definition) > 0) ??
    best?.definition ??
    named[0];
  if (!chosen) return headRange(file);
  return narrowRange(file, rangeOfDefinition(chosen), mentioned, matches);
}

/**
 * A range of at most {@link MAX_UNNARROWED_LINES} lines: a longer one (a class of thousands of
 * lines named by an error message or chosen by a match) is narrowed to its best-matching callable
 * member, else to a member the report names, else to its first lines.
 * @param file - the indexed file.
 * @param range - the range to narrow (the definition's lines and qualified name).
 * @param mentioned - names the report mentions.
 * @param matches - definitions of this file matching the report, best first.
 * @returns `range` itself when short enough, else the narrowed range.
 */
export function narrowRange(
  file: IndexedFile,
  range: ChosenRange,
  mentioned: ReadonlySet<string>,
  matches: readonly RangeCandidate[],
): ChosenRange {
  const [start, end] = range.lines;
  if (end - start < MAX_UNNARROWED_LINES) return range;
  const inside = (definition: Definition) =>
    CALLABLE_KINDS.has(definition.kind) &&
    definition.lines[0] >= start &&
    definition.lines[1] <= end &&
    (definition.lines[0] !== start || definition.lines[1] !== end) &&
    span(definition) < MAX_UNNARROWED_LINES;
  const member =
    matches.map(({ definition }) => definition).find(inside) ??
    file.definitions.find((definition) => mentioned.has(definition.name) && inside(definition));
  if (member) return rangeOfDefinition(member);
  return { ...range, lines: [start, Math.min(end, start + HEAD_LINES - 1)] };
}
