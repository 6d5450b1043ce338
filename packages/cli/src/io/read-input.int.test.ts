import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInput, readStdin } from './read-input.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sightline-read-input-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('readInput', () => {
  it('reads a FIFO as a stream (bash <(…) and /dev/stdin on a pipe are the same kind)', async () => {
    const fifo = path.join(work, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'printf "TypeError: boom\\n" > "$1"', 'sh', fifo]);
    const { bytes, name } = await readInput(fifo);
    expect(new TextDecoder().decode(bytes)).toBe('TypeError: boom\n');
    expect(name).toBe(fifo);
    writer.kill();
  });

  it('stops an endless character device at the size cap', async () => {
    await expect(readInput('/dev/zero', undefined, 1024)).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
      message: expect.stringContaining('The report is over'),
    });
  });

  it('refuses a regular file over the cap before reading it', async () => {
    const big = path.join(work, 'big.log');
    await writeFile(big, 'x'.repeat(2048));
    await expect(readInput(big, undefined, 1024)).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
    });
  });

  it('still refuses a folder and a missing file', async () => {
    await expect(readInput(work)).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: `"${work}" is a folder, not a file. Pass the report file itself.`,
    });
    await expect(readInput(path.join(work, 'nope'))).rejects.toMatchObject({
      code: 'PATH_NOT_FOUND',
    });
  });

  it('caps standard input too', async () => {
    await expect(
      readStdin(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000),
    ).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
    });
  });
});
