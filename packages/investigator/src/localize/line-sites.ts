/**
 * Where names stand in a repository's source files, line by line: the shared walk behind the
 * per-index tables of string-literal sites and assignment sites. Only files whose role is
 * `source` are read (tests, examples and docs left out); lines the index withheld as secrets are
 * never read; an unreadable file has no sites.
 */
import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { codeFoldersOf, fileRole } from '@sightline/codebase/internal';
import { readSourceLines } from './function-shape.js';

/** Per name, the files where it stands and the first such line there (1-based). */
export type LineSites = Map<string, Map<string, number>>;

/** Options of {@link collectLineSites}. */
export interface CollectLineSitesOptions {
  /** Which source files to read. Default: all. */
  include?: (file: IndexedFile) => boolean;
  /** The names one line holds (a name may repeat). */
  namesOnLine: (line: string) => Iterable<string>;
}

/**
 * Reads an index's source files once and records, per name, the first line of each file holding it.
 * @param index - the repository index (files read from `index.root`).
 * @param options - which files, and how a line's names are found.
 * @returns per name, the files holding it and the first such line.
 */
export function collectLineSites(
  index: RepositoryIndex,
  { include = () => true, namesOnLine }: CollectLineSitesOptions,
): LineSites {
  const sites: LineSites = new Map();
  const codeFolders = codeFoldersOf(index);
  for (const file of index.files.values()) {
    if (fileRole(file.path, file.language, codeFolders) !== 'source' || !include(file)) continue;
    const withheld = new Set(file.secretLines ?? []);
    readSourceLines(index, file.path).forEach((line, at) => {
      if (withheld.has(at + 1)) return;
      for (const name of namesOnLine(line)) {
        const files = sites.get(name) ?? new Map<string, number>();
        if (!files.has(file.path)) files.set(file.path, at + 1);
        sites.set(name, files);
      }
    });
  }
  return sites;
}
