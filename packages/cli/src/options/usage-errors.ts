/**
 * Commander's usage errors in the style of every other `sightline` error: `sightline: ` and a
 * sentence naming the flag the way it is typed (`--timeout "abc" is invalid: expected …`),
 * instead of commander's `error: option '--timeout <seconds>' argument 'abc' is invalid. expected …`.
 * The `(run with --help for usage)` line commander adds after the error is kept.
 */
// The content subpath, not the barrel: esbuild's code splitting would put every module the
// barrel re-exports into the start-up chunk (224 KB read by `--version`).
import { printableText } from '@sightline/codebase/content';
import type { Command } from 'commander';

/** The long name of an option's flags (`-o, --out <file>` → `--out`), or the flags as given. */
function flagName(flags: string): string {
  return (
    flags.split(/[\s,|]+/).find((part) => part.startsWith('--')) ?? flags.split(/\s/)[0] ?? flags
  );
}

/** A required option's error, read with the bare arguments it came with. */
const REQUIRED = /^required option '([^']+)' not specified$/;

/** Rewrites of commander's messages, first match wins. */
const REWRITES: [RegExp, (...groups: string[]) => string][] = [
  [
    /^option '([^']+)' argument '(.*)' is invalid\. ([\s\S]*)$/,
    (flags = '', value = '', why = '') =>
      `${flagName(flags)} ${JSON.stringify(value)} is invalid: ${why}`,
  ],
  [REQUIRED, (flags = '') => `${flagName(flags)} is required: give ${flags}.`],
  [
    /^option '([^']+)' argument missing$/,
    (flags = '') => `${flagName(flags)} needs a value: give ${flags}.`,
  ],
  [
    /^unknown option '([^']+)'([\s\S]*)$/,
    (option = '', rest = '') => `Unknown option ${option}.${rest}`,
  ],
];

/**
 * One usage error in the CLI's style.
 * @param text - what commander writes, e.g. `error: unknown option '--bogus'\n`.
 * @param operands - the command's arguments given without a flag (`sightline investigate . r.md`):
 *   a missing required option then says they are not read, and how to give the first. Default none.
 * @returns the same error as `sightline: Unknown option --bogus.\n`.
 */
export function styleUsageError(text: string, operands: readonly string[] = []): string {
  const message = text.replace(/^error: /, '').replace(/\n+$/, '');
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const [first] = operands;
    const bare =
      REQUIRED.test(message) && first !== undefined
        ? ` Arguments without a flag are not read (${operands.map((operand) => JSON.stringify(operand)).join(', ')}): write ${flagName(match[1] ?? '')} ${JSON.stringify(first)}.`
        : '';
    return `sightline: ${rewrite(...match.slice(1))}${bare}\n`;
  }
  return `sightline: ${message.charAt(0).toUpperCase()}${message.slice(1)}\n`;
}

/**
 * Makes `command` and its subcommands write usage errors with {@link styleUsageError}.
 * Call it after the subcommands are declared.
 * @param command - the root command.
 */
export function styleUsageErrors(command: Command): void {
  command.configureOutput({
    // Escaped: the message quotes what was typed, which may hold escape codes (trial 28).
    outputError: (text, write) =>
      write(
        printableText(
          styleUsageError(
            text,
            command.args.filter((arg) => !arg.startsWith('-')),
          ),
        ),
      ),
  });
  for (const subcommand of command.commands) styleUsageErrors(subcommand);
}
