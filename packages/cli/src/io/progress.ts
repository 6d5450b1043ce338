/**
 * Progress reporting on stderr: an ora spinner when stderr is a terminal with a known width, plain
 * lines otherwise, nothing when quiet. stdout stays clean for `--json` output.
 */
import ora, { type Ora } from 'ora';

/** Least time between two plain-text progress lines that differ only in their numbers, in ms. */
const PLAIN_REPEAT_MS = 1_000;

/** Reports what a long command is doing. */
export interface Progress {
  /** Shows the current step (replaces the previous one on a terminal). */
  update(text: string): void;
  /** Ends with a success line. */
  succeed(text: string): void;
  /** Ends with a failure line. */
  fail(text: string): void;
}

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  /** Print nothing. Default false. */
  quiet?: boolean;
  /** Stream to write to. Default `process.stderr`. */
  stream?: NodeJS.WriteStream;
}

/** Creates a {@link Progress} for one command run. */
export function createProgress({
  quiet = false,
  stream = process.stderr,
}: ProgressOptions = {}): Progress {
  if (quiet) return { update() {}, succeed() {}, fail() {} };
  // A terminal that reports 0 columns (`script`, some CI ptys) sends ora's line-wrapping into an
  // endless loop of cursor codes: a spinner needs a known, positive width.
  if (!stream.isTTY || !((stream.columns ?? 0) > 0)) {
    const line = (text: string) => stream.write(`${text}\n`);
    // In logs, a counter ("12/2000 files") would print a line per step: keep one a second.
    let last = { shape: '', at: 0 };
    const update = (text: string) => {
      const shape = text.replace(/\d+/g, '#');
      const now = Date.now();
      if (shape === last.shape && now - last.at < PLAIN_REPEAT_MS) return;
      last = { shape, at: now };
      line(text);
    };
    return { update, succeed: line, fail: line };
  }
  let spinner: Ora | undefined;
  return {
    update(text) {
      spinner ??= ora({ stream }).start();
      spinner.text = text;
    },
    succeed(text) {
      (spinner ?? ora({ stream })).succeed(text);
      spinner = undefined;
    },
    fail(text) {
      (spinner ?? ora({ stream })).fail(text);
      spinner = undefined;
    },
  };
}
