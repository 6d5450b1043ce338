import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInput, readStdin, TERMINAL_INPUT_NOTICE } from './read-input.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sightline-read-input-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('readInput', () => {
  it.skipIf(process.platform !== 'linux')(
    'refuses a file that exists but cannot be read with an input error naming it, not a crash',
    async () => {
      // /proc/self/mem is a regular file whose read at offset 0 fails (EIO), even for root, where
      // a file without read permission would still be readable.
      await expect(readInput('/proc/self/mem')).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('Cannot read "/proc/self/mem" (EIO)'),
      });
    },
  );

  it('tells how to end typed input when standard input is a terminal, and only then', async () => {
    // Fresh-user trial 41: `--report -` on a terminal waited without a word.
    const read = async (stdinIsTerminal: boolean) => {
      const notices: string[] = [];
      const input = await readInput('-', {
        stdinIsTerminal,
        readStandardInput: async () => new TextEncoder().encode('TypeError: x'),
        onWait: (notice) => notices.push(notice),
      });
      return { notices, name: input.name };
    };
    expect(await read(true)).toEqual({ notices: [TERMINAL_INPUT_NOTICE], name: 'stdin' });
    expect(TERMINAL_INPUT_NOTICE).toContain('Ctrl-D');
    expect(await read(false)).toEqual({ notices: [], name: 'stdin' });
  });

  it('says a symbolic link loop is one (ELOOP) and what to do, not "no such file"', async () => {
    // Found by a fresh-user trial: --report pointing at a link loop said "no such file".
    const loop = path.join(work, 'loop-a');
    await symlink('loop-b', loop);
    await symlink('loop-a', path.join(work, 'loop-b'));
    await expect(readInput(loop)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `Cannot read "${loop}": it is a symbolic link loop (ELOOP): its links lead back to each other and never to a file. Pass the report file itself, or point the link at it (ls -l shows where each link points).`,
    });
  });

  it('says a folder is one, and a path through a file does not exist', async () => {
    await expect(readInput(work)).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    const file = path.join(work, 'plain.txt');
    await writeFile(file, 'x\n');
    await expect(readInput(path.join(file, 'below'))).rejects.toMatchObject({
      code: 'PATH_NOT_FOUND',
    });
  });

  it('reads a FIFO as a stream (bash <(…) and /dev/stdin on a pipe are the same kind)', async () => {
    const fifo = path.join(work, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'printf "TypeError: boom\\n" > "$1"', 'sh', fifo]);
    const { bytes, name } = await readInput(fifo);
    expect(new TextDecoder().decode(bytes)).toBe('TypeError: boom\n');
    expect(name).toBe(fifo);
    writer.kill();
  });

  it('refuses a FIFO that nothing writes to after the wait, telling once that it waits', async () => {
    const fifo = path.join(work, 'silent.fifo');
    execFileSync('mkfifo', [fifo]);
    const notices: string[] = [];
    await expect(
      readInput(fifo, { pipeWaitMs: 2_500, onWait: (notice) => notices.push(notice) }),
    ).rejects.toMatchObject({
      code: 'REPORT_EMPTY',
      message: `Nothing was written to the named pipe "${fifo}" within 3 s. Start the program that writes the report into it first, or pass the report as a regular file.`,
    });
    expect(notices).toEqual([
      `Waiting for a program to write to the named pipe "${fifo}" (at most 3 s)…`,
    ]);
  });

  it('reads a FIFO whose writer opens it late and writes after a pause', async () => {
    const fifo = path.join(work, 'late.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', [
      '-c',
      'sleep 0.3; exec 3>"$1"; sleep 0.3; printf "late\\n" >&3',
      'sh',
      fifo,
    ]);
    const { bytes } = await readInput(fifo, { pipeWaitMs: 5_000 });
    expect(new TextDecoder().decode(bytes)).toBe('late\n');
    writer.kill();
  });

  it('stops an endless character device at the size cap', async () => {
    await expect(readInput('/dev/zero', { maxBytes: 1024 })).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
      message: expect.stringContaining('The report is over'),
    });
  });

  it('refuses a regular file over the cap before reading it', async () => {
    const big = path.join(work, 'big.log');
    await writeFile(big, 'x'.repeat(2 * 1_048_576 + 1));
    await expect(readInput(big, { maxBytes: 2 * 1_048_576 })).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
      // Its size is said (fresh-user trials 24, 25), exactly: rounded, it read as the limit.
      message: expect.stringContaining(
        'The report is 2,097,153 bytes, over the 2 MiB limit (2,097,152 bytes).',
      ),
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

  it('refuses standard input on a pipe that nothing writes to after the wait, as a named pipe (trial 42)', async () => {
    const silent = new PassThrough();
    await expect(
      readInput('-', {
        stdinPipe: silent,
        stdinIsTerminal: false,
        pipeWaitMs: 1_000,
        pipeWaitFlag: '--timeout SECONDS',
      }),
    ).rejects.toMatchObject({
      code: 'REPORT_EMPTY',
      message:
        'Nothing was written to standard input within 1 s. Start the program that writes the report into it first, or pass the report as a regular file (--timeout SECONDS sets how long to wait).',
    });
    const late = new PassThrough();
    setTimeout(() => late.end('TypeError: x is undefined\n'), 100);
    const read = await readInput('-', {
      stdinPipe: late,
      stdinIsTerminal: false,
      pipeWaitMs: 2_000,
    });
    expect(Buffer.from(read.bytes).toString()).toBe('TypeError: x is undefined\n');
    expect(read.name).toBe('stdin');
  });

  it('caps standard input too', async () => {
    await expect(
      readStdin(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000),
    ).rejects.toMatchObject({
      code: 'REPORT_TOO_LARGE',
    });
  });
});
