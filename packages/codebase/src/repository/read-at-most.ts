/**
 * Reading a file whole without trusting its reported size. `stat` can say 0 bytes for a file that
 * never ends (procfs and sysfs: `/proc/<pid>/pagemap` streams gigabytes, so `sightline map --repo
 * /proc/self` read until memory ran out; fresh-user trial 39), and a log can grow between the walk
 * and the read; `fs.readFile` reads to the end of the file either way. Every whole-file read of a
 * repository's content goes through {@link readAtMost} with a ceiling.
 */
import { open } from 'node:fs/promises';

/**
 * Most bytes a whole-file read takes by default (10 MiB): the code tools' file limit
 * (`DEFAULT_LIMITS.maxFileBytes`), above the index's own caps (1 MiB, 4 MiB for source code).
 */
export const DEFAULT_MAX_READ_BYTES = 10 * 1_048_576;

/** The size of each read, in bytes. */
const CHUNK_BYTES = 65_536;

/**
 * Reads a file whole, stopping one byte past `maxBytes`.
 * @param file - absolute path.
 * @param maxBytes - most bytes the content may have; a whole number ≥ 0.
 * @returns the content, or `null` when the file holds more than `maxBytes` bytes (only
 *   `maxBytes + 1` of them were read).
 * @throws the file system's error when the file cannot be opened or read (`ENOENT`, `EACCES`, …).
 */
export async function readAtMost(file: string, maxBytes: number): Promise<Buffer | null> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= maxBytes) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    return total > maxBytes ? null : Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}
