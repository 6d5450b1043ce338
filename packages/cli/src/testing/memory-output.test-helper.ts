/**
 * Test helper: stdout/stderr sinks that collect what a command prints, for the `*IO` objects the
 * `run*` command functions take.
 */

/** Collected output plus the two writers that append to it. */
export interface MemoryOutput {
  /** Everything written to `stdout` so far. */
  out: string;
  /** Everything written to `stderr` so far. */
  err: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Returns fresh, empty {@link MemoryOutput} sinks. Add the command's other IO fields with
 * `Object.assign(memoryOutput(), {...})` (a spread would copy `out`/`err` and lose later writes).
 */
export function memoryOutput(): MemoryOutput {
  const output: MemoryOutput = {
    out: '',
    err: '',
    stdout(text) {
      output.out += text;
    },
    stderr(text) {
      output.err += text;
    },
  };
  return output;
}
