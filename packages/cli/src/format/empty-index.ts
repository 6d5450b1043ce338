/** The warning for a repository where the index found no code. */
import { emptyIndexNote, printablePath, type RepositoryIndex } from '@sightline/codebase';

/**
 * Says that no code was indexed, and why, in one line ending in a newline (`emptyIndexNote`).
 * @param root - the repository folder, as shown to the user.
 * @param index - the index's files and skipped files.
 * @param consequence - what this means for the command's result, e.g. `the map is empty`.
 * @returns e.g. `sightline: warning: nothing was indexed in /r (0 files; 3 files skipped: …)…`,
 *   or `null` when a file of code was indexed.
 */
export function emptyIndexWarning(
  root: string,
  index: Pick<RepositoryIndex, 'files' | 'skipped'>,
  consequence: string,
): string | null {
  const note = emptyIndexNote(root, index, consequence);
  return note === null ? null : `sightline: warning: ${printablePath(note)}\n`;
}
