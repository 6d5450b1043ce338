/**
 * Reads a command's input: a file, standard input for `-`, or any stream the shell hands over as a
 * path (`/dev/stdin`, a FIFO, bash's `<(…)`, which is `/dev/fd/N`), within the report size cap and
 * with errors a user can act on.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';
import { MAX_REPORT_BYTES } from '@sightline/intake';

/**
 * Reads a stream to its end, stopping as soon as it holds more than `maxBytes`.
 * @param stream - the stream to drain. Default `process.stdin`.
 * @param maxBytes - largest accepted input, in bytes. Default {@link MAX_REPORT_BYTES} (10 MiB).
 * @returns every byte until the stream ends.
 * @throws SightlineError `REPORT_TOO_LARGE` past `maxBytes` (the stream is destroyed, so an
 *   endless source such as `/dev/zero` stops there).
 */
export async function readStdin(
  stream: NodeJS.ReadableStream = process.stdin,
  maxBytes = MAX_REPORT_BYTES,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw tooLarge(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Paths that name this process's standard input on Linux and macOS. */
const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

function tooLarge(maxBytes: number): SightlineError {
  const mebibytes = (maxBytes / 1_048_576).toFixed(0);
  return new SightlineError({
    code: 'REPORT_TOO_LARGE',
    message: `The report is over ${mebibytes} MiB, the limit. Cut it down to the part that matters: the error message, the stack trace, the steps to reproduce.`,
    details: { maxBytes },
  });
}

/**
 * Reads `file`, or stdin when `file` is `-` or `/dev/stdin`. A FIFO, a character device or a socket (`/dev/stdin`
 * on a pipe, `<(…)`) is read as a stream; a regular file over the cap is refused before reading.
 * @param file - a file path, or `-` for standard input.
 * @param readStandardInput - reads stdin (tests inject one). Default {@link readStdin}.
 * @param maxBytes - largest accepted input, in bytes. Default {@link MAX_REPORT_BYTES} (10 MiB).
 * @returns the bytes and a display name (`stdin` for `-`).
 * @throws SightlineError `PATH_NOT_FOUND` when the file does not exist, `NOT_A_FILE` for a folder,
 *   `REPORT_TOO_LARGE` past `maxBytes`.
 */
export async function readInput(
  file: string,
  readStandardInput: () => Promise<Uint8Array> = readStdin,
  maxBytes = MAX_REPORT_BYTES,
): Promise<{ bytes: Uint8Array; name: string }> {
  if (file === '-') return { bytes: await readStandardInput(), name: 'stdin' };
  // A socket cannot be opened by path (ENXIO): read our own stdin as the stream it is.
  if (STDIN_PATHS.has(file)) return { bytes: await readStandardInput(), name: file };
  const info = await stat(file).catch(() => null);
  if (!info) {
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `Cannot read "${file}": no such file. Check the path, or pass - to read standard input.`,
      details: { file },
    });
  }
  if (info.isDirectory()) {
    throw new SightlineError({
      code: 'NOT_A_FILE',
      message: `"${file}" is a folder, not a file. Pass the report file itself.`,
      details: { file },
    });
  }
  if (info.isFile() && info.size > maxBytes) throw tooLarge(maxBytes);
  // Also for regular files: the file may grow between stat and read.
  return { bytes: await readStdin(createReadStream(file), maxBytes), name: file };
}
