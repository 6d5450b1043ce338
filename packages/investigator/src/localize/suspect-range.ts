/**
 * Chooses the line range of a suspect inside one file: the definition enclosing a stack frame's
 * line, else the definition that best matches the report, else a window. A range is a unit of
 * behaviour: a class is narrowed to the member the report names, a type without behaviour (an
 * enum, a struct, a class of constants) gives way to the function that uses it, and an accessor
 * the report names (`cache.size`) does not win over the function that matches its words.
 */
import type { Definition, IndexedFile } from '@sightline/codebase';
import { symbolName } from '../diagnosis/assess-evidence.js';
import { compactName, splitIdentifier, tokenizeCode } from './code-tokens.js';
import { isAccessor } from './function-shape.js';

/** Definition kinds that are units of behaviour; preferred as a frame's enclosing range. */
export const CALLABLE_KINDS = new Set(['function', 'method', 'macro']);
/** Definition kinds that may enclose a frame when no callable does. */
const CONTAINER_KINDS = new Set(['class', 'interface', 'enum', 'module', 'type']);

/** Lines shown either side of a frame line that no definition encloses. */
const FRAME_WINDOW_LINES = 5;
/** A container longer than this is too coarse to be a range; a window is used instead. */
const MAX_CONTAINER_LINES = 120;
/** Lines of a block shown when no definition is chosen (a long definition's block, a file's). */
const HEAD_LINES = 40;

/** A definition's length in lines, less one. */
export function span(definition: Definition): number {
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
 * The range around a frame line: the enclosing definition, else ±{@link FRAME_WINDOW_LINES} lines
 * up to the neighbouring definitions (`betweenNeighbours`).
 * @param file the indexed file.
 * @param line 1-based frame line.
 * @returns the range and, when a definition encloses the line, its qualified name.
 */
export function rangeAtLine(file: IndexedFile, line: number): ChosenRange {
  const definition = enclosingDefinition(file, line);
  if (definition && span(definition) >= MAX_UNNARROWED_LINES) {
    // A long function: the block around the frame line is what the report is about.
    const [start, end] = definition.lines;
    const first = Math.max(start, Math.min(line - HEAD_LINES / 2, end - HEAD_LINES + 1));
    return {
      ...rangeOfDefinition(file, definition),
      lines: [first, Math.min(end, first + HEAD_LINES - 1)],
    };
  }
  if (definition) return rangeOfDefinition(file, definition);
  const lines = betweenNeighbours(
    file,
    line,
    clampWindow(line, FRAME_WINDOW_LINES, file.lineCount),
  );
  return symbolForRange(file, { lines });
}

/**
 * A window around a line that no function encloses, cut back to the lines between the
 * definitions before and after it: a window reaching into a neighbouring function was printed with
 * that function's name, and a diagnosis then verified a cause in code the frame never ran (an
 * anonymous default export below a named function; fresh-user trial 19). Definitions enclosing
 * the line (a class around it) are no neighbours.
 * @returns the window's lines, still holding `line`.
 */
function betweenNeighbours(
  file: IndexedFile,
  line: number,
  [start, end]: [number, number],
): [number, number] {
  let from = start;
  let to = end;
  for (const {
    lines: [first, last],
  } of file.definitions) {
    if (last < line) from = Math.max(from, last + 1);
    else if (first > line) to = Math.min(to, first - 1);
  }
  return [from, to];
}

/** The innermost definition enclosing all of `[start, end]`, of any kind and size. */
function innermostEnclosing(file: IndexedFile, [start, end]: [number, number]) {
  return file.definitions
    .filter((definition) => definition.lines[0] <= start && end <= definition.lines[1])
    .sort((a, b) => span(a) - span(b) || a.lines[0] - b.lines[0])[0];
}

/**
 * A range with the symbol it is printed with, such that the diagnosis' symbol check (a cause's
 * symbol is a definition overlapping its lines) accepts it: its own symbol when a definition of
 * that name overlaps the range; else the innermost definition enclosing the whole range — the
 * class, Kotlin companion or object around lines between its members — qualified by its scope;
 * else the first definition the range overlaps; no symbol when it overlaps none.
 * @param file - the indexed file.
 * @param range - lines (already inside the file) and the symbol chosen with them, if any.
 * @returns the same lines with a symbol the index confirms (or none when no definition overlaps).
 */
export function symbolForRange(file: IndexedFile, range: ChosenRange): ChosenRange {
  const [start, end] = range.lines;
  const overlapping = file.definitions.filter(
    (definition) => definition.lines[0] <= end && definition.lines[1] >= start,
  );
  const own = range.symbol === undefined ? undefined : symbolName(range.symbol);
  if (own !== undefined && overlapping.some((definition) => symbolName(definition.name) === own))
    return range;
  const chosen =
    innermostEnclosing(file, range.lines) ??
    [...overlapping].sort((a, b) => a.lines[0] - b.lines[0] || span(b) - span(a))[0];
  return chosen
    ? { lines: range.lines, symbol: rangeOfDefinition(file, chosen).symbol }
    : { lines: range.lines };
}

/**
 * The block of a long definition that the report is about: the window of {@link HEAD_LINES} lines
 * holding most occurrences of the report's words (the first such window; the definition's first
 * lines when no word occurs).
 * @param source - the file's lines.
 * @param lines - the definition's lines.
 * @param words - the report's terms (`tokenizeCode`).
 */
function reportBlock(
  source: readonly string[],
  [start, end]: [number, number],
  words: ReadonlySet<string>,
): [number, number] {
  const size = Math.min(HEAD_LINES, end - start + 1);
  const hits = (line: number) =>
    words.size === 0
      ? 0
      : tokenizeCode(source[line - 1] ?? '').filter((term) => words.has(term)).length;
  const counts = Array.from({ length: end - start + 1 }, (_, at) => hits(start + at));
  let sum = counts.slice(0, size).reduce((total, count) => total + count, 0);
  let best = { first: start, sum };
  for (let first = start + 1; first + size - 1 <= end; first += 1) {
    sum += (counts[first + size - 1 - start] ?? 0) - (counts[first - 1 - start] ?? 0);
    if (sum > best.sum) best = { first, sum };
  }
  return [best.first, best.first + size - 1];
}

/**
 * The range of a definition chosen by name or lexical match.
 * @param file the indexed file that holds it.
 * @param definition the definition.
 * @returns its lines and qualified name (see {@link qualifiedName}).
 */
export function rangeOfDefinition(file: IndexedFile, definition: Definition): ChosenRange {
  return { lines: [...definition.lines], symbol: qualifiedName(file, definition) };
}

/**
 * A definition's name as printed: its scope and name joined with `.` (`Parser.parse`,
 * `Utils.helper`), from the innermost function or method around it inward: a function is local to
 * the function it is defined in, not its member (minimist's `setKey` inside `module.exports =
 * function …` is `setKey`, not `exports.setKey`).
 * @param file the indexed file that holds it (its definitions give the scopes' kinds).
 * @param definition the definition.
 * @returns the name.
 */
export function qualifiedName(file: IndexedFile, definition: Definition): string {
  const { scope, lines } = definition;
  for (let depth = scope.length; depth > 0; depth -= 1) {
    const enclosing = file.definitions.find(
      (candidate) =>
        candidate.name === scope[depth - 1] &&
        candidate.scope.length === depth - 1 &&
        candidate.scope.every((name, at) => name === scope[at]) &&
        candidate.lines[0] <= lines[0] &&
        lines[1] <= candidate.lines[1],
    );
    if (enclosing && CALLABLE_KINDS.has(enclosing.kind)) {
      return [...scope.slice(depth), definition.name].join('.');
    }
  }
  return [...scope, definition.name].join('.');
}

/**
 * The block of a file that holds most of the report's words, when no line or definition stands out:
 * a file of a language without a parser (Swift) has no definition to choose. Its top (licence,
 * imports) was shown before; in the corpus of real fixes it overlapped the changed lines of 1 of
 * the 6 Swift files fixed, the word block 5 of 6; over the 28 cases of other languages where a fixed
 * file showed its top, 60 of their 82 fixed files overlap the fix, against 58 before.
 * @param file the indexed file.
 * @param source its lines (`[]` when unknown).
 * @param words the report's terms (`tokenizeCode`).
 * @returns {@link HEAD_LINES} lines (fewer in a short file): the first such block, the file's top
 *   when no word occurs.
 */
function wordBlockRange(
  file: IndexedFile,
  source: readonly string[],
  words: ReadonlySet<string>,
): ChosenRange {
  return { lines: reportBlock(source, [1, Math.max(1, file.lineCount)], words) };
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

/** Whether a name of two words or more is what the report calls `phrase` ("command list"). */
function calledBy(name: string, phrases: ReadonlySet<string>): boolean {
  return splitIdentifier(name).length >= 2 && phrases.has(compactName(name));
}

/**
 * The range of a file no frame points into: the best-matching definition when the report also
 * names it, else a named definition longer than a line that is not an accessor (the best-matching
 * first), else a matching definition the report calls by a phrase (`commandList`, "command
 * list"), else the best-matching definition (a one-line stub gives way to a longer match), else
 * any named definition (an accessor too), else the block of the file holding most of the report's
 * words ({@link wordBlockRange}); then narrowed by
 * {@link narrowRange}.
 * @param file - the indexed file.
 * @param mentioned - names the report mentions.
 * @param matches - definitions of this file matching the report, best first.
 * @param source - the file's lines, to tell accessors (`[]` when unknown: none is).
 * @param phrases - adjacent word pairs of the report's prose (`['command', 'list']`).
 * @param words - the report's terms, for the block of a long definition (see {@link narrowRange}).
 * @returns the range, with the qualified name when a definition was chosen.
 */
export function chooseRange(
  file: IndexedFile,
  mentioned: ReadonlySet<string>,
  matches: readonly RangeCandidate[],
  source: readonly string[] = [],
  phrases: readonly (readonly [string, string])[] = [],
  words: ReadonlySet<string> = new Set(),
): ChosenRange {
  const [first] = matches;
  const longer = matches.find(
    ({ definition, score }) =>
      span(definition) > 0 && first !== undefined && score >= first.score * STUB_SHARE,
  );
  const best = first && span(first.definition) === 0 ? (longer ?? first) : first;
  const matched = matches.map(({ definition }) => definition);
  const order = (definition: Definition) => {
    const position = matched.indexOf(definition);
    return position < 0 ? matched.length : position;
  };
  const substantial = (definition: Definition) =>
    span(definition) > 0 && !isAccessor(source, definition);
  const allNamed = file.definitions
    .filter((definition) => mentioned.has(definition.name))
    .sort((a, b) => order(a) - order(b));
  const named = allNamed.filter((definition) => !isAccessor(source, definition));
  const compounds = new Set(phrases.map(([one, two]) => `${one}${two}`.toLowerCase()));
  const chosen =
    (best && mentioned.has(best.definition.name) ? best.definition : undefined) ??
    named.find((definition) => span(definition) > 0) ??
    matched.find((definition) => calledBy(definition.name, compounds) && substantial(definition)) ??
    best?.definition ??
    allNamed[0];
  if (!chosen) return wordBlockRange(file, source, words);
  return narrowRange(file, rangeOfDefinition(file, chosen), mentioned, matches, source, words);
}

/** Whether `inner` lies inside `outer` and is not `outer` itself. */
function within(inner: Definition, [start, end]: [number, number]): boolean {
  return (
    inner.lines[0] >= start &&
    inner.lines[1] <= end &&
    (inner.lines[0] !== start || inner.lines[1] !== end)
  );
}

/**
 * The function that gives a type without behaviour its behaviour: when `range` is a type (enum,
 * struct, interface, class) with no function or method inside, the best-matching callable of the
 * file that references the type, else the best-matching callable; each must score at least
 * {@link STUB_SHARE} of the file's best match.
 */
function userOfDataType(
  file: IndexedFile,
  [start, end]: [number, number],
  matches: readonly RangeCandidate[],
): Definition | undefined {
  const type = file.definitions.find(
    (definition) =>
      CONTAINER_KINDS.has(definition.kind) &&
      definition.lines[0] === start &&
      definition.lines[1] === end,
  );
  if (!type) return undefined;
  const callable = (definition: Definition) => CALLABLE_KINDS.has(definition.kind);
  if (
    file.definitions.some((definition) => callable(definition) && within(definition, [start, end]))
  )
    return undefined;
  const floor = (matches[0]?.score ?? 0) * STUB_SHARE;
  const candidates = matches
    .filter(({ definition, score }) => callable(definition) && score >= floor)
    .map(({ definition }) => definition);
  const uses = (definition: Definition) =>
    file.references.some(
      (reference) =>
        reference.name === type.name &&
        definition.lines[0] <= reference.line &&
        reference.line <= definition.lines[1],
    );
  return candidates.find(uses) ?? candidates[0];
}

/**
 * A range that is one unit of behaviour:
 * - a range enclosing a callable member the report names (longer than a line, not an accessor) is
 *   narrowed to it, at any size (`DeduplicationHandler` … `isDuplicate` → `isDuplicate`);
 * - a type without behaviour gives way to the best-matching function that uses it (see
 *   {@link userOfDataType});
 * - a range longer than {@link MAX_UNNARROWED_LINES} lines (a class of thousands, a long
 *   function) is narrowed to its best-matching callable member, else to the block of it that holds
 *   most of the report's words (its first lines when none occurs).
 * @param file - the indexed file.
 * @param range - the range to narrow (the definition's lines and qualified name).
 * @param mentioned - names the report mentions.
 * @param matches - definitions of this file matching the report, best first.
 * @param source - the file's lines, to tell accessors (`[]` when unknown: none is).
 * @param words - the report's terms (`tokenizeCode` of its text), to find the block of a long
 *   definition it is about. Default none.
 * @returns `range` itself when it is already a unit, else the narrowed range.
 */
export function narrowRange(
  file: IndexedFile,
  range: ChosenRange,
  mentioned: ReadonlySet<string>,
  matches: readonly RangeCandidate[],
  source: readonly string[] = [],
  words: ReadonlySet<string> = new Set(),
): ChosenRange {
  const [start, end] = range.lines;
  const inside = (definition: Definition) =>
    CALLABLE_KINDS.has(definition.kind) &&
    within(definition, [start, end]) &&
    span(definition) < MAX_UNNARROWED_LINES;
  const named = (definition: Definition) =>
    mentioned.has(definition.name) &&
    span(definition) > 0 &&
    inside(definition) &&
    !isAccessor(source, definition);
  const namedMember =
    matches.map(({ definition }) => definition).find(named) ?? file.definitions.find(named);
  if (namedMember) return rangeOfDefinition(file, namedMember);
  if (end - start < MAX_UNNARROWED_LINES) {
    const user = userOfDataType(file, [start, end], matches);
    return user ? rangeOfDefinition(file, user) : range;
  }
  const member = matches.map(({ definition }) => definition).find(inside);
  if (member) return rangeOfDefinition(file, member);
  return { ...range, lines: reportBlock(source, [start, end], words) };
}
