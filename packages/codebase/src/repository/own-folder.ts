/**
 * Sightline's own folders inside a repository (`<root>/.sightline/cache`, …): made only as real
 * folders, never through a symbolic link. A hostile repository can ship `.sightline` or
 * `.sightline/cache` as a link to any folder on the machine; writing through it would put files
 * outside the repository.
 */
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { makeFolders } from './make-folders.js';
import { isInside } from './sandbox.js';

/**
 * Makes `folder` (inside `root`) and every folder between them, refusing any that exists as a
 * symbolic link or as anything but a folder. Folders outside `root` (a fallback in the home
 * folder, a folder the user named) are made as `mkdir -p` makes them
 * (`makeFolders`: one level at a time).
 * @param root the repository's real path.
 * @param folder an absolute folder path.
 * @param options.mode permissions of the folders made (before the umask), e.g. `0o700` for one
 *   that holds credentials. Default `0o777`.
 * @returns true when `folder` is a real folder now (made or found), false when a link or a file
 *   stands in the way or it could not be made. Never throws.
 * @example if (await makeOwnFolder(root, path.join(root, '.sightline', 'cache'))) write();
 */
export async function makeOwnFolder(
  root: string,
  folder: string,
  { mode = 0o777 }: { mode?: number } = {},
): Promise<boolean> {
  try {
    if (!isInside(root, folder) || folder === root) {
      makeFolders(folder, mode);
      return true;
    }
    let current = root;
    for (const segment of path.relative(root, folder).split(path.sep)) {
      current = path.join(current, segment);
      await mkdir(current, { mode }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      const info = await lstat(current);
      if (info.isSymbolicLink() || !info.isDirectory()) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * What stands in the way of {@link makeOwnFolder}: the first path between `root` and `folder`
 * that is a symbolic link or not a folder. When there is none, a false from `makeOwnFolder` was
 * a folder it could not make (permissions, a read-only disk), which its caller says instead.
 * @param root the repository's real path.
 * @param folder an absolute folder path inside `root`.
 * @returns the absolute path of the link or file in the way, or `undefined`. Never throws.
 */
export async function ownFolderObstacle(root: string, folder: string): Promise<string | undefined> {
  if (!isInside(root, folder) || folder === root) return undefined;
  let current = root;
  for (const segment of path.relative(root, folder).split(path.sep)) {
    current = path.join(current, segment);
    const info = await lstat(current).catch(() => undefined);
    if (!info) return undefined;
    if (info.isSymbolicLink() || !info.isDirectory()) return current;
  }
  return undefined;
}

/**
 * True when `folder` exists as a real folder reached from `root` without any symbolic link
 * (nothing is read from a folder a link put there). Folders outside `root` always count.
 * @param root the repository's real path.
 * @param folder an absolute folder path.
 * @returns whether files in it may be read as Sightline's own. Never throws.
 */
export async function isOwnFolder(root: string, folder: string): Promise<boolean> {
  if (!isInside(root, folder) || folder === root) return true;
  let current = root;
  try {
    for (const segment of path.relative(root, folder).split(path.sep)) {
      current = path.join(current, segment);
      const info = await lstat(current);
      if (info.isSymbolicLink() || !info.isDirectory()) return false;
    }
    return true;
  } catch {
    return false;
  }
}
