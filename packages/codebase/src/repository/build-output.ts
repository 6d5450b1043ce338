/**
 * Which build-output folders hold generated copies of the repository's own source. A `dist/` or
 * `build/` folder is left out of the index only when its code is generated from source the
 * repository also holds (`dist/esm/index.js` beside `src/index.ts`): then the fix belongs in the
 * source, and indexing both would split every signal between twins. A published package whose
 * code lives only in `dist/` (a few re-export files at its root) keeps it: there is nothing else
 * to point at.
 */
import { languageForPath } from './languages.js';

/**
 * Folders that usually hold build output. `bin/` is not among them: in JavaScript packages it
 * holds the command-line entry points (source), and compiled binaries elsewhere are skipped as
 * binary files anyway.
 */
export const BUILD_OUTPUT_DIRS = ['dist', 'build', 'out', 'lib-cov', 'target', 'obj'];

/** A build folder is generated when at least this share of its code files has a source twin. */
const GENERATED_SHARE = 0.5;

/** The build-output folder a path lies in (`packages/x/dist`), or `null`. */
export function buildFolderOf(file: string): string | null {
  const segments = file.split('/');
  const at = segments.slice(0, -1).findIndex((part) => BUILD_OUTPUT_DIRS.includes(part));
  return at === -1 ? null : segments.slice(0, at + 1).join('/');
}

/** A code file's stem, without folders and compiled-output extensions (`index.min.js` → `index`). */
function stemOf(file: string): string {
  const name = file.split('/').at(-1) ?? file;
  return name.replace(/(\.d)?(\.min)?(\.[^.]+)$/, '').toLowerCase();
}

/**
 * The build-output folders whose code is generated from source elsewhere in the repository: most
 * of their code files share a stem with a code file outside any build folder, or are named after
 * the project (a bundle `dist/tiny-md.cjs` of package `tiny-md`) while source exists elsewhere.
 * @param files - repository-relative paths of every file the walk found.
 * @param projectName - the project's name (`name` of package.json), if known.
 * @returns the folders to leave out (e.g. `dist`, `packages/core/build`).
 */
export function generatedBuildFolders(files: readonly string[], projectName?: string): Set<string> {
  const sourceStems = new Set<string>();
  const folders = new Map<string, string[]>();
  for (const file of files) {
    if (languageForPath(file) === null) continue;
    const folder = buildFolderOf(file);
    if (folder === null) sourceStems.add(stemOf(file));
    else folders.set(folder, [...(folders.get(folder) ?? []), file]);
  }
  if (projectName && sourceStems.size > 0)
    sourceStems.add(projectName.replace(/^@[^/]+\//, '').toLowerCase());
  const generated = new Set<string>();
  for (const [folder, code] of folders) {
    const twins = code.filter((file) => sourceStems.has(stemOf(file))).length;
    if (twins / code.length >= GENERATED_SHARE) generated.add(folder);
  }
  return generated;
}
