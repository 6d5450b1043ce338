/**
 * What happens when the command's output cannot be written: a reader that went away (`| head -1`)
 * is not an error, and a full disk or a closed file gets one clear line instead of a stack trace.
 */
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device (ENOSPC)',
  EDQUOT: 'the disk quota is used up (EDQUOT)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  EROFS: 'the file system is read-only (EROFS)',
  EISDIR: 'it is a folder (EISDIR)',
  ENOENT: 'its folder does not exist (ENOENT)',
  ELOOP: 'it is a symbolic link loop (ELOOP): its links never lead to a file',
  EIO: 'an input/output error (EIO)',
};

/**
 * Says in words why a write failed.
 * @param error - what `write` or `writeFile` threw or emitted.
 * @returns e.g. `no space left on the device (ENOSPC)`; the error's own message for unknown codes.
 */
export function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && REASONS[code]) return REASONS[code];
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** Options of {@link guardOutputStreams}. */
export interface GuardOutputOptions {
  /** Streams to guard. Default `process.stdout` and `process.stderr`. */
  streams?: {
    stdout: NodeJS.EventEmitter;
    stderr: NodeJS.EventEmitter & { write: (text: string) => unknown };
  };
  /** Ends the process. Default `process.exit`. */
  exit?: (code: number) => void;
  /**
   * Asks a long-running command to stop as SIGTERM would; returns false when none listens.
   * Default: emits SIGTERM to the process's own listeners, if it has any (serve, worker and mcp
   * wait for it; a one-shot command does not).
   */
  stopGracefully?: () => boolean;
}

/** Emits SIGTERM to the process's listeners, without a signal, when it has any. */
function emitStop(): boolean {
  return process.listenerCount('SIGTERM') > 0 && process.emit('SIGTERM', 'SIGTERM');
}

/**
 * Turns write errors on stdout and stderr into an exit code. `EPIPE` (the reader closed the pipe,
 * as `head` does once it has its lines) ends the command with 0 and no message; a long-running
 * command that waits for SIGTERM is stopped that way instead, so it closes what it opened (a
 * service's lock, the demo's folder with its API token; trial 47) and ends with 0 on its own,
 * and stdout's later errors are ignored. Any other error on stdout (`> /dev/full`) prints
 * `sightline: cannot write to standard output: <reason>` on stderr and ends with
 * {@link EXIT_USAGE} (2), as an unwritable `--out` file does.
 * @param options - the streams, the exit and the stop; see {@link GuardOutputOptions}.
 */
export function guardOutputStreams({
  streams = { stdout: process.stdout, stderr: process.stderr },
  exit = (code) => process.exit(code),
  stopGracefully = emitStop,
}: GuardOutputOptions = {}): void {
  let stopping = false;
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (stopping) return;
    if (error.code === 'EPIPE') {
      if (stopGracefully()) stopping = true;
      else exit(EXIT_OK);
      return;
    }
    try {
      streams.stderr.write(
        `sightline: cannot write to standard output: ${describeWriteError(error)}. Free some space, or send the output elsewhere (--out FILE where the command has it).\n`,
      );
    } finally {
      exit(EXIT_USAGE);
    }
  });
  // Progress and warnings only: a reader that went away or a full disk must not end the work.
  streams.stderr.on('error', () => {});
}
