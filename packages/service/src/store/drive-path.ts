/**
 * A Windows drive path (`C:\…`, `C:/…`, `C:x`) given on a system without drive letters: taken as
 * written it names a folder `C:` in the working folder, which the service would create. Every flag
 * that takes a folder or file of the service refuses it through {@link refuseDrivePath}.
 */
import { SightlineError } from '@sightline/core';

/** A Windows drive letter (`C:`, `C:\\…`, `C:/…`). */
const DRIVE = /^[a-z]:/i;

/** Options of {@link refuseDrivePath}. */
export interface RefuseDrivePathOptions {
  /** The flag that gave the path, for the message, e.g. `--data`. */
  flag: string;
  /** What to give instead, e.g. `the data folder as a path here, such as ./data`. */
  instead: string;
  /** The system the path is for: a drive path is a path only on `win32`. Default: this one. */
  platform?: NodeJS.Platform;
}

/**
 * Refuses a Windows drive path on a system other than `win32`; any other value passes.
 * @param value - the path as given (`./C:/x`, a folder really named `C:`, passes).
 * @throws SightlineError `INVALID_ARGUMENT` naming the flag, what to give instead, and how to
 *   name a folder really called `C:`.
 */
export function refuseDrivePath(
  value: string,
  { flag, instead, platform = process.platform }: RefuseDrivePathOptions,
): void {
  if (platform === 'win32' || !DRIVE.test(value)) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `${flag} ${value} is a Windows drive path, but this system (${platform}) has no drive letters: give ${instead} (write ./${value} for a folder really named ${value.slice(0, 2)}).`,
  });
}
