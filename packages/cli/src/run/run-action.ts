/**
 * Wraps a command's action so that a user mistake prints one clear line (no stack trace) and sets
 * the right exit code, while an unexpected failure still shows its stack for a bug report.
 */
import { printableText } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import { exitCodeFor } from './exit-code-for.js';
import { actionFlags, failsAsJson, jsonErrorLine } from './json-error.js';

/**
 * Returns a commander action that runs `action` and turns thrown errors into exit codes.
 * `action` may return an exit code; `undefined` means 0.
 * @param action - the command's work; its arguments are commander's action arguments.
 * @returns the wrapped action; it never rejects (errors become `process.exitCode`, see
 *   {@link exitCodeFor}, and one line on stderr, plus the stack for non-`SightlineError`s; a
 *   command asked for JSON on stdout also prints the error there, see run/json-error.ts).
 */
export function runAction<Args extends unknown[]>(
  action: (...args: Args) => Promise<number | undefined>,
): (...args: Args) => Promise<void> {
  return async (...args: Args) => {
    try {
      process.exitCode = (await action(...args)) ?? 0;
    } catch (error) {
      process.exitCode = exitCodeFor(error);
      if (failsAsJson(actionFlags(args))) {
        process.stdout.write(
          jsonErrorLine({
            code: SightlineError.isInstance(error) ? error.code : 'UNEXPECTED_FAILURE',
            message: error instanceof Error ? error.message : String(error),
            exitCode: process.exitCode,
          }),
        );
      }
      if (SightlineError.isInstance(error)) {
        // Escaped: a message quotes paths and names as given, which may hold escape codes (trial 27).
        process.stderr.write(`sightline: ${printableText(error.message)}\n`);
      } else {
        process.stderr.write(
          `sightline: unexpected failure, please report it with this output.\n${
            error instanceof Error ? (error.stack ?? error.message) : String(error)
          }\n`,
        );
      }
    }
  };
}
