/**
 * The `--out FILE` of the commands that print a result: checked before any work, written with a
 * clear error when the file system refuses.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { describeWriteError } from './output-errors.js';

/**
 * Fails before any work when `--out` cannot be written: its folder must exist and it must not be
 * a folder itself.
 * @param file - the `--out` path.
 * @throws SightlineError `INVALID_ARGUMENT`.
 */
export async function checkWritable(file: string): Promise<void> {
  const folder = await stat(path.dirname(path.resolve(file))).catch(() => null);
  const target = await stat(file).catch(() => null);
  if (!folder?.isDirectory() || target?.isDirectory()) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Cannot write the output to "${file}": ${
        target?.isDirectory() ? 'it is a folder' : 'its folder does not exist'
      }. Give --out a file path in an existing folder.`,
      details: { file },
    });
  }
}

/**
 * Writes a result file, turning file-system failures (a full disk, no permission) into a clear error.
 * @param file - the path.
 * @param text - the content.
 * @throws SightlineError `INVALID_ARGUMENT` naming the reason, e.g. `no space left on the device (ENOSPC)`.
 */
export async function writeOutput(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Cannot write "${file}": ${describeWriteError(error)}. Give --out a writable file path with room to spare.`,
      details: { file },
      cause: error,
    });
  }
}
