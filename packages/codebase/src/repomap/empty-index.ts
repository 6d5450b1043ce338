/** What to say of a repository where the index found no code. */
import { pathList } from '../repository/content.js';
import { isCodeFile } from '../repository/file-role.js';
import type { RepositoryIndex } from './types.js';

/** Files named in the note at most; the count says how many more. */
const NAMED = 3;

/**
 * Says that no code was indexed, and why, in one sentence; nothing when some was. A folder of
 * documents or settings only (`README.md`, `.gitignore`: a wrong `--repo`) is no code either
 * (fresh-user trial 25: a folder whose code `.gitignore` left out indexed the `.gitignore`, and
 * nothing was said).
 * @param root - the repository folder, as shown to the user.
 * @param index - the index's files and the files it skipped (binary, generated, vendored, too
 *   large, secret, unreadable).
 * @param consequence - what this means for the result, e.g. `the map is empty`.
 * @returns e.g. `nothing was indexed in /r (0 files indexed, 3 files skipped as …); the map is
 *   empty. Run it on a folder that holds source code in a supported language.`, or `no code was
 *   indexed in /r (2 files indexed, none of them code: .gitignore, README.md; check what
 *   .gitignore leaves out); …`; `null` when a file of code was indexed.
 */
export function emptyIndexNote(
  root: string,
  index: Pick<RepositoryIndex, 'files' | 'skipped'>,
  consequence: string,
): string | null {
  const files = [...index.files.values()];
  if (files.some((file) => isCodeFile(file.path, file.language))) return null;
  const skipped = index.skipped.length;
  const advice = 'Run it on a folder that holds source code in a supported language.';
  if (files.length === 0) {
    const why =
      skipped > 0
        ? `0 files indexed, ${skipped} ${skipped === 1 ? 'file' : 'files'} skipped as binary, generated, vendored, too large, secret or unreadable`
        : '0 files indexed: the folder holds no files outside .gitignore and vendored folders';
    return `nothing was indexed in ${root} (${why}); ${consequence}. ${advice}`;
  }
  const paths = files.map((file) => file.path).sort();
  const named = pathList(paths.slice(0, NAMED));
  const more = paths.length > NAMED ? ` and ${paths.length - NAMED} more` : '';
  const count = `${paths.length} ${paths.length === 1 ? 'file' : 'files'} indexed`;
  // Code its .gitignore leaves out is not read (fresh-user trial 26: "run it on a folder that
  // holds source code" of a folder that did, ignored).
  const ignored = paths.some((file) => file === '.gitignore' || file.endsWith('/.gitignore'))
    ? '; check what .gitignore leaves out'
    : '';
  return `no code was indexed in ${root} (${count}, none of them code: ${named}${more}${ignored}); ${consequence}. ${advice}`;
}
