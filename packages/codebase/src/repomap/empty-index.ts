/** What to say of a repository where the index found nothing it can read. */

/**
 * Says that nothing was indexed, and why, in one sentence.
 * @param root - the repository folder, as shown to the user.
 * @param skipped - files listed but left out (binary, generated, vendored, too large, secret).
 * @param consequence - what this means for the result, e.g. `the map is empty`.
 * @returns e.g. `nothing was indexed in /r (0 files indexed, 3 files skipped as …); the map is
 *   empty. Run it on a folder that holds source code in a supported language.`
 */
export function emptyIndexNote(root: string, skipped: number, consequence: string): string {
  const why =
    skipped > 0
      ? `0 files indexed, ${skipped} ${skipped === 1 ? 'file' : 'files'} skipped as binary, generated, vendored, too large or secret`
      : '0 files indexed: no files, after .gitignore';
  return `nothing was indexed in ${root} (${why}); ${consequence}. Run it on a folder that holds source code in a supported language.`;
}
