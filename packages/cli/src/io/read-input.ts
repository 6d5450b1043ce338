/**
 * Reads a command's input: a file, standard input for `-`, or any stream the shell hands over as a
 * path (`/dev/stdin`, a FIFO, bash's `<(…)`, which is `/dev/fd/N`), within the report size cap and
 * with errors a user can act on. A named pipe (FIFO) is opened without blocking and read through
 * the event loop, so one that nothing writes to ends in a clear error after a bounded wait
 * instead of hanging the process in `open(2)`.
 */
import { constants, createReadStream, fstatSync, open } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { promisify } from 'node:util';
import { printablePath } from '@sightline/codebase';
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

const openFile = promisify(open);

/** Paths that name this process's standard input on Linux and macOS. */
const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/**
 * Refuses standard input named more than once among a command's inputs (`-`, `/dev/stdin`…): it
 * can be read only once, so the second would read nothing.
 * @param files - the inputs as given.
 * @throws SightlineError `INVALID_ARGUMENT` naming the repeated inputs.
 */
export function refuseRepeatedStdin(files: readonly string[]): void {
  const stdin = files.filter((file) => file === '-' || STDIN_PATHS.has(file));
  if (stdin.length < 2) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `Standard input is given ${stdin.length} times (${stdin.join(', ')}); it can be read only once. Give - once, and the other reports as files.`,
    details: { files: stdin },
  });
}

/**
 * An input's error as a command prints it: `FILE: message`, unless the error says its message
 * names the file (`details.file` is it: `Cannot read "FILE": …`, `FILE is binary data…`). Not
 * read from the message's words: a file named `report` is no more named by "The report is…".
 * @param error - the error.
 * @param name - the input as the command names it (`stdin` for `-`).
 */
export function inputErrorMessage(error: SightlineError, name: string): string {
  return error.details.file === name ? error.message : `${name}: ${error.message}`;
}

/**
 * The error of a report over `maxBytes`; `size` (bytes) when known (a file's), else read from a
 * stream only up to the limit.
 */
function tooLarge(maxBytes: number, size?: number): SightlineError {
  const limit = `${(maxBytes / 1_048_576).toFixed(0)} MiB`;
  // A file's size is known (fresh-user trial 24: the message did not say it); a stream's is not.
  // In bytes: rounded to MiB, a file just over the limit read as the limit (fresh-user trial 25).
  const what =
    size === undefined
      ? `over ${limit}, the limit`
      : `${size.toLocaleString('en')} bytes, over the ${limit} limit (${maxBytes.toLocaleString('en')} bytes)`;
  return new SightlineError({
    code: 'REPORT_TOO_LARGE',
    message: `The report is ${what}. Cut it down to the part that matters: the error message, the stack trace, the steps to reproduce.`,
    details: { maxBytes, ...(size === undefined ? {} : { size }) },
  });
}

/** What {@link readInput} tells the user when it reads the report from a terminal. */
export const TERMINAL_INPUT_NOTICE =
  'Reading the report from the terminal: type or paste it, then press Ctrl-D on an empty line (or pass --report FILE).';

/** How long {@link readInput} waits for a named pipe's first byte by default: 180 s (as `--timeout`). */
export const DEFAULT_PIPE_WAIT_MS = 180_000;

/** Options of {@link readInput}. */
export interface ReadInputOptions {
  /** Reads stdin (tests inject one). Default {@link readStdin}. */
  readStandardInput?: () => Promise<Uint8Array>;
  /** Largest accepted input, in bytes. Default {@link MAX_REPORT_BYTES} (10 MiB). */
  maxBytes?: number;
  /**
   * Longest wait, in ms, for a named pipe (FIFO) to deliver its first byte or end: a pipe that
   * nothing writes to is refused after it. Default {@link DEFAULT_PIPE_WAIT_MS}.
   */
  pipeWaitMs?: number;
  /**
   * Told once when reading waits on the user: a named pipe still without a writer after 2 s (when
   * `pipeWaitMs` is longer), or standard input that is a terminal (type or paste, then Ctrl-D).
   */
  onWait?: (message: string) => void;
  /** Whether standard input is a terminal. Default `process.stdin.isTTY` (tests inject it). */
  stdinIsTerminal?: boolean;
  /**
   * Standard input when it is a pipe or socket (another program writes it), read with the same
   * first-byte wait as a named pipe. Default `process.stdin` when `fstat(0)` says it is a FIFO or
   * socket, else none (a terminal, a redirected file: read with `readStandardInput`).
   */
  stdinPipe?: NodeJS.ReadableStream & { destroy(error?: Error): void };
  /** The command's flag that sets `pipeWaitMs`, named in the error (e.g. `--timeout SECONDS`). */
  pipeWaitFlag?: string;
}

/**
 * Reads `file`, or stdin when `file` is `-` or `/dev/stdin`. A FIFO, a character device or a socket (`/dev/stdin`
 * on a pipe, `<(…)`) is read as a stream; a regular file over the cap is refused before reading.
 * @param file - a file path, or `-` for standard input.
 * @param options - see {@link ReadInputOptions}.
 * @returns the bytes and a display name (`stdin` for `-`).
 * @throws SightlineError `PATH_NOT_FOUND` when the file does not exist, `NOT_A_FILE` for a folder,
 *   `REPORT_TOO_LARGE` past `maxBytes`, `REPORT_EMPTY` for a named pipe that nothing wrote to
 *   within `pipeWaitMs`, `INVALID_ARGUMENT` for a path that cannot be read (no permission on it
 *   or its folders, a symbolic link loop, an I/O error), each with its own message.
 */
export async function readInput(
  file: string,
  {
    readStandardInput = readStdin,
    maxBytes = MAX_REPORT_BYTES,
    pipeWaitMs = DEFAULT_PIPE_WAIT_MS,
    onWait,
    pipeWaitFlag,
    stdinIsTerminal = process.stdin.isTTY === true,
    stdinPipe,
  }: ReadInputOptions = {},
): Promise<{ bytes: Uint8Array; name: string }> {
  // A socket cannot be opened by path (ENXIO): read our own stdin as the stream it is.
  if (file === '-' || STDIN_PATHS.has(file)) {
    const name = file === '-' ? 'stdin' : file;
    // Only here: `fstat(0)` is not worth a call for every file that is no standard input.
    const pipe = stdinPipe ?? (readStandardInput === readStdin ? pipedStdin() : undefined);
    // Fresh-user trial 41: on a terminal, `--report -` waited in silence for typed input.
    if (stdinIsTerminal) onWait?.(TERMINAL_INPUT_NOTICE);
    else if (pipe) {
      // Fresh-user trial 42: a program piped in that never wrote kept `--report -` waiting past
      // `--timeout`, where a named pipe is refused after it.
      const wait = { waitMs: pipeWaitMs, onWait, waitFlag: pipeWaitFlag };
      return { bytes: await readWithin(pipe, maxBytes, 'standard input', wait), name };
    }
    return { bytes: await readStandardInput(), name };
  }
  const info = await stat(file).catch((error: unknown) => {
    throw cannotOpen(file, error);
  });
  if (info.isDirectory()) {
    throw new SightlineError({
      code: 'NOT_A_FILE',
      message: `"${printablePath(file)}" is a folder, not a file. Pass the report file itself.`,
      details: { file },
    });
  }
  if (info.isFile() && info.size > maxBytes) throw tooLarge(maxBytes, info.size);
  if (info.isFIFO()) {
    const bytes = await readNamedPipe(file, maxBytes, {
      waitMs: pipeWaitMs,
      onWait,
      waitFlag: pipeWaitFlag,
    });
    return { bytes, name: file };
  }
  // Also for regular files: the file may grow between stat and read.
  try {
    return { bytes: await readStdin(createReadStream(file), maxBytes), name: file };
  } catch (error) {
    throw SightlineError.isInstance(error) ? error : unreadable(file, error);
  }
}

/**
 * A path `stat` refused: no such file (`PATH_NOT_FOUND`), else as {@link unreadable} says. A
 * symbolic link loop (ELOOP) reads as "no such file" to `stat`'s callers unless told apart.
 */
function cannotOpen(file: string, error: unknown): SightlineError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR') return unreadable(file, error);
  return new SightlineError({
    code: 'PATH_NOT_FOUND',
    message: `Cannot read "${printablePath(file)}": no such file. Check the path, or pass - to read standard input.`,
    details: { file },
  });
}

/**
 * A file that exists but cannot be read (no permission, a symbolic link loop, an I/O error): a
 * user's problem, exit 2.
 */
function unreadable(file: string, error: unknown): SightlineError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message =
    code === 'EACCES' || code === 'EPERM'
      ? `Cannot read "${printablePath(file)}": permission denied. Give this user read permission on it and search (x) permission on its folders, or pass - and pipe it in as a user who may read it (sudo cat FILE | sightline … -): redirecting it (- < FILE) needs the same permission.`
      : code === 'ELOOP'
        ? `Cannot read "${printablePath(file)}": it is a symbolic link loop (ELOOP): its links lead back to each other and never to a file. Pass the report file itself, or point the link at it (ls -l shows where each link points).`
        : `Cannot read "${printablePath(file)}" (${code ?? (error instanceof Error ? error.message : String(error))}). Copy the report into a regular file and pass that.`;
  return new SightlineError({
    code: 'INVALID_ARGUMENT',
    message,
    details: { file },
  });
}

/**
 * Reads a named pipe. Opening one for reading blocks until a writer opens it (in libuv's thread
 * pool, where no timer can end it), so it is opened with `O_NONBLOCK` and read as a pipe handle
 * of the event loop: Linux reports no end of file until a writer has come and gone (fifo(7)).
 */
async function readNamedPipe(
  file: string,
  maxBytes: number,
  wait: FirstByteWait,
): Promise<Uint8Array> {
  const fd = await openFile(file, constants.O_RDONLY | constants.O_NONBLOCK);
  // The socket owns the descriptor from here on and closes it when destroyed.
  const pipe = new Socket({ fd, readable: true, writable: false });
  try {
    return await readWithin(pipe, maxBytes, `the named pipe "${printablePath(file)}"`, wait);
  } finally {
    pipe.destroy();
  }
}

/** How long to wait for a pipe's first byte, and whom to tell. */
interface FirstByteWait {
  waitMs: number;
  onWait?: ((message: string) => void) | undefined;
  waitFlag?: string | undefined;
}

/**
 * Reads a pipe another program writes (a named pipe, standard input on a pipe) to its end, refusing
 * it when neither a first byte nor the end comes within `waitMs`, and telling once after 2 s that
 * it waits (when the wait is longer).
 * @param stream - the pipe, destroyed with the error when the wait runs out.
 * @param maxBytes - largest accepted input, in bytes.
 * @param what - the pipe in words (`the named pipe "…"`, `standard input`).
 * @param wait - see {@link FirstByteWait}.
 * @throws SightlineError `REPORT_EMPTY` when nothing came in time, `REPORT_TOO_LARGE` past `maxBytes`.
 */
async function readWithin(
  stream: NodeJS.ReadableStream & { destroy(error?: Error): void },
  maxBytes: number,
  what: string,
  { waitMs, onWait, waitFlag }: FirstByteWait,
): Promise<Uint8Array> {
  const seconds = Math.round(waitMs / 1000);
  // A wait of 2 s or less ends in the error soon enough to need no notice.
  const notice =
    waitMs > 2_000
      ? setTimeout(
          () => onWait?.(`Waiting for a program to write to ${what} (at most ${seconds} s)…`),
          2_000,
        )
      : undefined;
  const noWriter = setTimeout(() => {
    stream.destroy(
      new SightlineError({
        code: 'REPORT_EMPTY',
        message: `Nothing was written to ${what} within ${seconds} s. Start the program that writes the report into it first, or pass the report as a regular file${waitFlag ? ` (${waitFlag} sets how long to wait)` : ''}.`,
        details: { what, waitMs },
      }),
    );
  }, waitMs);
  // The first byte, or the end of a writer that wrote nothing.
  stream.once('readable', () => {
    clearTimeout(notice);
    clearTimeout(noWriter);
  });
  try {
    return await readStdin(stream, maxBytes);
  } finally {
    clearTimeout(notice);
    clearTimeout(noWriter);
  }
}

/** Standard input when another program writes it (a pipe or a socket), else undefined. */
function pipedStdin(): (NodeJS.ReadableStream & { destroy(error?: Error): void }) | undefined {
  try {
    const info = fstatSync(0);
    return info.isFIFO() || info.isSocket() ? process.stdin : undefined;
  } catch {
    return undefined;
  }
}
