/**
 * Creating a folder and its missing parents one level at a time. Node's
 * `fs.mkdirSync(dir, { recursive: true })` never returns for a path under a pseudo file system
 * that answers EEXIST for its root and ENOENT below it (`/proc/x/y` on Linux, Node 20: it retries
 * forever), so a user's mistaken `--data /proc/…` hung `serve`; this walk stops at the first
 * level that cannot be made and throws its error.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `dir` and every missing parent (an existing folder is fine).
 * @param dir the folder, absolute or relative to the working directory.
 * @param mode permission bits of the folders it creates (e.g. 0o700); the umask applies.
 * @throws the file system's error (ENOENT, EACCES, ENOTDIR, EEXIST for a file in the way…) from the
 *   first level that cannot be made.
 */
export function makeFolders(dir: string, mode?: number): void {
  const top = firstMissingFolder(dir);
  const missing: string[] = [];
  if (top !== undefined) {
    for (let at = path.resolve(dir); at !== path.dirname(top); at = path.dirname(at)) {
      missing.unshift(at);
    }
  }
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder, mode === undefined ? {} : { mode });
    } catch (error) {
      const made = (error as NodeJS.ErrnoException).code === 'EEXIST' && isFolder(folder);
      if (!made) throw error;
    }
  }
  if (!isFolder(dir)) {
    throw Object.assign(new Error(`ENOTDIR: not a folder, '${dir}'`), { code: 'ENOTDIR' });
  }
}

/**
 * The topmost folder of `dir`'s path that does not exist yet: what making `dir` would create,
 * and what to remove to undo it.
 * @param dir the folder, absolute or relative to the working directory.
 * @returns its absolute path, or `undefined` when `dir` exists.
 */
export function firstMissingFolder(dir: string): string | undefined {
  let missing: string | undefined;
  for (let at = path.resolve(dir); !fs.existsSync(at); at = path.dirname(at)) {
    missing = at;
    if (path.dirname(at) === at) break;
  }
  return missing;
}

function isFolder(at: string): boolean {
  try {
    return fs.statSync(at).isDirectory();
  } catch {
    return false;
  }
}
