/**
 * Keeps every file access inside the repository root: no `..` escape, no absolute path outside,
 * no symlink that leads out, no file with more than one hard link, no NUL bytes. Used by the code tools and by diagnosis verification.
 */
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { printablePath, unprintedPath } from './content.js';

/** A path proven to be inside the repository root. */
export interface ResolvedPath {
  /** Absolute real path (symlinks resolved). */
  absolute: string;
  /** Repository-relative path with `/` separators (`''` for the root itself). */
  relative: string;
  isDirectory: boolean;
  isFile: boolean;
  /** Size in bytes. */
  size: number;
}

/**
 * Resolves the real path of a repository root, and checks that it can be listed.
 * @param root the folder, absolute or relative to the current directory.
 * @returns its absolute real path (symlinks resolved).
 * @throws SightlineError `PATH_NOT_FOUND` when it does not exist, `NOT_A_DIRECTORY` when it is a
 *   file, `INVALID_ARGUMENT` (with `details.denied`) when this user may not read or enter it, and
 *   without it for a symbolic link loop (ELOOP).
 */
export async function resolveRoot(root: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path.resolve(root));
  } catch (error) {
    if (isPermissionError(error)) throw await permissionDenied(root);
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ELOOP') {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Repository directory "${root}" is a symbolic link loop (ELOOP): its links lead back to each other and never to a folder. Pass the repository folder itself, or point the link at it (ls -l shows where each link points).`,
        details: { root },
      });
    }
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `Repository directory "${root}" does not exist. Pass the folder that holds the code.`,
      details: { root },
    });
  }
  if (!(await stat(real)).isDirectory()) {
    throw new SightlineError({
      code: 'NOT_A_DIRECTORY',
      message: `"${root}" is a file, not a directory. Pass the repository folder.`,
      details: { root },
    });
  }
  // A folder that cannot be listed would be walked as empty, and every result blamed on it.
  try {
    await access(real, constants.R_OK | constants.X_OK);
  } catch (error) {
    if (isPermissionError(error)) throw await permissionDenied(root);
    throw error;
  }
  return real;
}

/** Whether a file system error is a refusal for permissions (`EACCES`, `EPERM`). */
export function isPermissionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

/**
 * The refusal of a repository folder this user may not read, naming the folder that refuses: the
 * first one above it this user may not enter, else the folder itself. Its advice is `chmod a+x`
 * for a folder above (entering is all it needs) and `chmod a+rx` for the folder; `u+rx` changed
 * only the owner's bits, which does not help another user (fresh-user trial 26).
 */
async function permissionDenied(root: string): Promise<SightlineError> {
  const above: string[] = [];
  const absolute = path.resolve(root);
  for (let folder = path.dirname(absolute); folder !== path.dirname(folder); ) {
    above.unshift(folder);
    folder = path.dirname(folder);
  }
  // From the top down: the first folder above that cannot be entered is the one to change.
  let blocking: string | undefined;
  for (const folder of above) {
    if (await canEnter(folder)) continue;
    blocking = folder;
    break;
  }
  const where =
    blocking === undefined
      ? `Give the user running Sightline read and execute permission on it (chmod a+rx "${printablePath(root)}")`
      : `The folder "${printablePath(blocking)}" above it cannot be entered: give the user running Sightline execute permission on it (chmod a+x "${printablePath(blocking)}")`;
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `Cannot read repository directory "${printablePath(root)}": permission denied. ${where}, or run as a user who can read it.`,
    details: { root, denied: true, ...(blocking === undefined ? {} : { blocking }) },
  });
}

/** Whether this user may enter (search) a folder. */
function canEnter(folder: string): Promise<boolean> {
  return access(folder, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** How a path left the root: as written (absolute or `..`), or through a symbolic link. */
type Escape = 'absolute' | 'parent' | 'symlink' | 'hardlink';

const ESCAPE_MESSAGES: Record<Escape, string> = {
  absolute:
    'is an absolute path outside the repository root. Use a path relative to the repository root (or an absolute path inside it).',
  parent:
    'climbs out of the repository root through "..". Use a path relative to the repository root that stays inside it.',
  symlink:
    'goes through a symbolic link that points outside the repository root, so it is not read. Use a path whose real location is inside the repository.',
  hardlink:
    'is a file with more than one hard link, so it may be a file outside the repository; it is not read.',
};

function outside(requested: string, how: Escape): SightlineError {
  return new SightlineError({
    code: 'PATH_OUTSIDE_ROOT',
    message: `Path "${printablePath(requested)}" ${ESCAPE_MESSAGES[how]}`,
    details: { path: requested, escape: how },
  });
}

/**
 * True when `child` equals `parent` or lies under it.
 * @param parent an absolute, normalised path.
 * @param child an absolute, normalised path.
 * @returns whether `child` is `parent` or inside it (compared by path, symlinks not resolved).
 */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/**
 * Resolves `requested` (repository-relative, or absolute inside the root) against `root`
 * (a real path from {@link resolveRoot}) and proves it stays inside, following symlinks.
 * @param root the repository's real path.
 * @param requested the path the caller (often a model) asked for.
 * @returns the real path, its repository-relative form, its type and size in bytes.
 * @throws SightlineError `INVALID_ARGUMENT` (empty or NUL byte), `PATH_OUTSIDE_ROOT` (its message and
 *   `details.escape` say how: an absolute path, a `..` escape, a symbolic link, or a hard link), `PATH_NOT_FOUND`.
 */
export async function resolveInRoot(root: string, requested: string): Promise<ResolvedPath> {
  if (typeof requested !== 'string' || requested.includes('\0')) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: 'Path must be a string without NUL bytes.',
      details: { path: String(requested) },
    });
  }
  // A name may end in spaces (`.env `): the path as written first, then trimmed (models pad paths),
  // then with the escapes that printed names carry undone (`new\u000aline.py`).
  const written = requested.replace(/\\/g, '/');
  const cleaned = written.trim() === '' ? '.' : written;
  const unprinted = unprintedPath(requested).replace(/\\/g, '/');
  let real: string | undefined;
  for (const candidate of new Set([cleaned, cleaned.trim() || '.', unprinted])) {
    const lexical = path.resolve(root, candidate);
    if (!isInside(root, lexical)) {
      throw outside(requested, path.isAbsolute(candidate) ? 'absolute' : 'parent');
    }
    real = await realpath(lexical).catch(() => undefined);
    if (real !== undefined) break;
  }
  if (real === undefined) {
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `"${printablePath(requested)}" does not exist in the repository. Check the spelling, or list the parent folder with list_dir.`,
      details: { path: requested },
    });
  }
  if (!isInside(root, real)) throw outside(requested, 'symlink');
  const info = await stat(real);
  if (info.isFile() && info.nlink > 1) throw outside(requested, 'hardlink');
  return {
    absolute: real,
    relative: toPosix(path.relative(root, real)),
    isDirectory: info.isDirectory(),
    isFile: info.isFile(),
    size: info.size,
  };
}

/**
 * Converts a platform path to `/` separators.
 * @param value a path with the platform's separators.
 * @returns the same path with `/` (unchanged on POSIX).
 */
export function toPosix(value: string): string {
  return value.split(path.sep).join('/');
}
