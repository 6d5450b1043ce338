/** The warning for a repository where the index found nothing it can read. */
import { emptyIndexNote } from '@sightline/codebase';

/**
 * Says that nothing was indexed, and why, in one line ending in a newline (`emptyIndexNote`).
 * @param root - the repository folder, as shown to the user.
 * @param skipped - files listed but left out (binary, generated, vendored, too large, secret).
 * @param consequence - what this means for the command's result, e.g. `the map is empty`.
 * @returns e.g. `sightline: warning: nothing was indexed in /r (0 files; 3 files skipped: …)…`.
 */
export function emptyIndexWarning(root: string, skipped: number, consequence: string): string {
  return `sightline: warning: ${emptyIndexNote(root, skipped, consequence)}\n`;
}
