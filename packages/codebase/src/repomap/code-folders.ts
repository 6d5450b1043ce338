/**
 * The majority folders of an index ({@link majorityCodeFolders}), computed once per index and
 * kept beside it, so that the role of each of a repository's 100,000 files is read without
 * walking them all again. An index is not changed after it is built, so the first answer holds.
 */
import { majorityCodeFolders } from '../repository/file-role.js';
import type { RepositoryIndex } from './types.js';

const folders = new WeakMap<RepositoryIndex['files'], ReadonlySet<string>>();

/**
 * The `examples?/` and `samples?/` folders that hold most of an index's code: what `fileRole`
 * takes to read such a folder as the code (`fileRole(path, language, codeFoldersOf(index))`).
 * @param index the repository index; its files are read on the first call for it only.
 * @returns folder paths ending in `/`; empty when no such folder holds more than half the code.
 */
export function codeFoldersOf(index: Pick<RepositoryIndex, 'files'>): ReadonlySet<string> {
  let found = folders.get(index.files);
  if (!found) {
    found = majorityCodeFolders(index.files.values());
    folders.set(index.files, found);
  }
  return found;
}
