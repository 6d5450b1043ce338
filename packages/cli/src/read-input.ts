/**
 * Reads a command's input file, or standard input for `-`, with errors a user can act on.
 */
import { readFile, stat } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';

/**
 * Reads all of standard input as bytes.
 * @param stream - the stream to drain. Default `process.stdin`.
 * @returns every byte until the stream ends.
 */
export async function readStdin(
  stream: NodeJS.ReadableStream = process.stdin,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Reads `file` (or stdin when `file` is `-`).
 * @param file - a file path, or `-` for standard input.
 * @param readStandardInput - reads stdin (tests inject one). Default {@link readStdin}.
 * @returns the bytes and a display name (`stdin` for `-`).
 * @throws SightlineError `PATH_NOT_FOUND` when the file does not exist, `NOT_A_FILE` for a folder.
 */
export async function readInput(
  file: string,
  readStandardInput: () => Promise<Uint8Array> = readStdin,
): Promise<{ bytes: Uint8Array; name: string }> {
  if (file === '-') return { bytes: await readStandardInput(), name: 'stdin' };
  const info = await stat(file).catch(() => null);
  if (!info) {
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `Cannot read "${file}": no such file. Check the path, or pass - to read standard input.`,
      details: { file },
    });
  }
  if (!info.isFile()) {
    throw new SightlineError({
      code: 'NOT_A_FILE',
      message: `"${file}" is a folder, not a file. Pass the report file itself.`,
      details: { file },
    });
  }
  return { bytes: await readFile(file), name: file };
}
