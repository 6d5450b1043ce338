/**
 * `--focus` values (and the MCP map tool's `focus` argument) as a repository-map focus.
 */
import path from 'node:path';
import {
  type Focus,
  printablePath,
  type RepositoryIndex,
  resolveInRoot,
} from '@sightline/codebase';
import { SightlineError } from '@sightline/core';

/** Whether `name` is defined or referenced anywhere in the index, or names a file or folder. */
export function isKnownName(index: RepositoryIndex, name: string): boolean {
  for (const [filePath, file] of index.files) {
    if (filePath.split(/[/.]/).includes(name)) return true;
    if (file.definitions.some((definition) => definition.name === name)) return true;
    if (file.references.some((reference) => reference.name === name)) return true;
  }
  return false;
}

/** Options of {@link parseFocus}. */
export interface ParseFocusOptions {
  /** How the values were given, for error messages. Default `--focus`. */
  name?: string;
}

/**
 * Turns `--focus` values into a {@link Focus}: a path of an indexed file (relative to the
 * repository, to the working folder, or absolute inside the repository) is a file focus,
 * `FILE:LINE` or `FILE:LINE:COLUMN` (as compilers and stack traces print it; the column is not
 * used) a stack frame, anything else an identifier.
 * @param index - the repository index.
 * @param values - the `--focus` values, frames innermost first.
 * @param options - see {@link ParseFocusOptions}.
 * @returns the focus (empty lists left out).
 * @throws SightlineError `INVALID_ARGUMENT` for a `FILE:LINE` whose line (or column) is negative
 *   or past `Number.MAX_SAFE_INTEGER`, or a value ending in three numbers or more after colons
 *   (`FILE:5:3:9`), echoing the value as typed.
 */
export async function parseFocus(
  index: RepositoryIndex,
  values: readonly string[],
  { name = '--focus' }: ParseFocusOptions = {},
): Promise<Focus> {
  const identifiers: string[] = [];
  const paths: string[] = [];
  const frames: { path: string; line: number }[] = [];
  for (const value of values) {
    const file = await indexedPath(index, value);
    if (file !== undefined) {
      paths.push(file);
      continue;
    }
    const frame = await indexedFrame(index, value, name);
    if (frame) frames.push(frame);
    else identifiers.push(value);
  }
  return {
    ...(identifiers.length > 0 && { identifiers }),
    ...(paths.length > 0 && { paths }),
    ...(frames.length > 0 && { frames }),
  };
}

/**
 * `FILE:LINE:COLUMN` or `FILE:LINE` of an indexed file as a frame, the longer reading first.
 * @throws SightlineError `INVALID_ARGUMENT` for a line or column that is not a whole number from 0
 *   to `Number.MAX_SAFE_INTEGER` (0 is kept: the map warns it is outside the file).
 */
async function indexedFrame(
  index: RepositoryIndex,
  value: string,
  name: string,
): Promise<{ path: string; line: number } | undefined> {
  const readings = [
    /^(.+):(-?\d+):(-?\d+)$/.exec(value)?.slice(1, 3),
    /^(.+):(-?\d+)$/.exec(value)?.slice(1, 3),
  ];
  for (const [file, line] of readings.filter((reading) => reading !== undefined)) {
    if (file === undefined || line === undefined) continue;
    const numbers = value.slice(file.length + 1).split(':');
    const bad = numbers.findIndex(
      (number) => number.startsWith('-') || !Number.isSafeInteger(Number(number)),
    );
    if (bad !== -1) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `${name} "${printablePath(value)}" has ${bad === 0 ? 'line' : 'column'} ${printablePath(numbers[bad] ?? '')}: write FILE:LINE or FILE:LINE:COLUMN with whole numbers from 0 to ${Number.MAX_SAFE_INTEGER} (a file's first line is 1; the map warns of a line outside the file).`,
        details: { focus: value },
      });
    }
    const path = await indexedPath(index, file);
    if (path !== undefined) return { path, line: Number(line) };
  }
  // `FILE:5:3:9` read as an identifier said only that nothing matched (trials 42, 43), whether
  // FILE exists or not: no identifier ends in three numbers after colons.
  if (/^.+?(?::-?\d+){3,}$/.test(value)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} "${printablePath(value)}" has more numbers than a position takes: write FILE, FILE:LINE or FILE:LINE:COLUMN.`,
      details: { focus: value },
    });
  }
  return undefined;
}

/**
 * The stack-frame focus values whose line is not in their file (0, or past its last line), as
 * `{ value, lines }`: a typo the map cannot centre on a line.
 * @param index - the repository index.
 * @param focus - the focus {@link parseFocus} made.
 * @returns each such frame as `path:line` with its file's line count, in focus order.
 */
export function framesOutsideFile(
  index: RepositoryIndex,
  focus: Focus,
): { value: string; lines: number }[] {
  return (focus.frames ?? []).flatMap(({ path: file, line }) => {
    const lines = index.files.get(file)?.lineCount ?? 0;
    return line === undefined || (line >= 1 && line <= lines)
      ? []
      : [{ value: `${file}:${line}`, lines }];
  });
}

/** The indexed path `requested` names, relative to the repository root or to the working folder. */
async function indexedPath(index: RepositoryIndex, requested: string): Promise<string | undefined> {
  for (const candidate of [requested, path.resolve(requested)]) {
    try {
      const { relative } = await resolveInRoot(index.root, candidate);
      if (index.files.has(relative)) return relative;
    } catch {
      // Not a path inside the repository: try the next reading, else it is an identifier.
    }
  }
  return undefined;
}
