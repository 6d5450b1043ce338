/**
 * A list of case ids read from a file (`--cases FILE` of train:localize): one id per line, blank
 * lines and lines starting with `#` ignored, surrounding whitespace trimmed. Used to compute or
 * read the rows of only the cases a change touched (the ids a parse comparison printed, say)
 * instead of every case without rows.
 */
import { readFileSync } from 'node:fs';

/**
 * Reads a case list.
 * @param file - the list's path.
 * @returns the ids, in file order, each once.
 * @throws Error saying which file could not be read, or that it names no case.
 */
export function readCaseList(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read the case list ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const ids = [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#')),
    ),
  ];
  if (ids.length === 0) throw new Error(`the case list ${file} names no case (one id per line)`);
  return ids;
}

/**
 * The cases a list names.
 * @param cases - every case.
 * @param ids - the list's ids.
 * @returns the listed cases (in `cases`' order) and the ids no case has.
 */
export function listedCases<T extends { id: string }>(
  cases: readonly T[],
  ids: readonly string[],
): { listed: T[]; unknown: string[] } {
  const wanted = new Set(ids);
  const known = new Set(cases.map((entry) => entry.id));
  return {
    listed: cases.filter((entry) => wanted.has(entry.id)),
    unknown: ids.filter((id) => !known.has(id)),
  };
}
