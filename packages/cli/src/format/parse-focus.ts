/**
 * `--focus` values (and the MCP map tool's `focus` argument) as a repository-map focus.
 */
import path from 'node:path';
import { type Focus, type RepositoryIndex, resolveInRoot } from '@sightline/codebase';

/** Whether `name` is defined or referenced anywhere in the index, or names a file or folder. */
export function isKnownName(index: RepositoryIndex, name: string): boolean {
  for (const [filePath, file] of index.files) {
    if (filePath.split(/[/.]/).includes(name)) return true;
    if (file.definitions.some((definition) => definition.name === name)) return true;
    if (file.references.some((reference) => reference.name === name)) return true;
  }
  return false;
}

/**
 * Turns `--focus` values into a {@link Focus}: a path of an indexed file (relative to the
 * repository, to the working folder, or absolute inside the repository) is a file focus,
 * `FILE:LINE` a stack frame, anything else an identifier.
 * @param index - the repository index.
 * @param values - the `--focus` values, frames innermost first.
 * @returns the focus (empty lists left out).
 */
export async function parseFocus(
  index: RepositoryIndex,
  values: readonly string[],
): Promise<Focus> {
  const identifiers: string[] = [];
  const paths: string[] = [];
  const frames: { path: string; line: number }[] = [];
  for (const value of values) {
    const withLine = /^(.+):(\d+)$/.exec(value);
    const path = await indexedPath(index, withLine?.[1] ?? value);
    if (path !== undefined && withLine) frames.push({ path, line: Number(withLine[2]) });
    else if (path !== undefined) paths.push(path);
    else identifiers.push(value);
  }
  return {
    ...(identifiers.length > 0 && { identifiers }),
    ...(paths.length > 0 && { paths }),
    ...(frames.length > 0 && { frames }),
  };
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
