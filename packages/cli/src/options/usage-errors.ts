/**
 * Commander's usage errors in the style of every other `sightline` error: `sightline: ` and a
 * sentence naming the flag the way it is typed (`--timeout "abc" is invalid: expected …`),
 * instead of commander's `error: option '--timeout <seconds>' argument 'abc' is invalid. expected …`.
 * The `(run with --help for usage)` line commander adds after the error is kept.
 */
import type { Command } from 'commander';

/** The long name of an option's flags (`-o, --out <file>` → `--out`), or the flags as given. */
function flagName(flags: string): string {
  return (
    flags.split(/[\s,|]+/).find((part) => part.startsWith('--')) ?? flags.split(/\s/)[0] ?? flags
  );
}

/** Rewrites of commander's messages, first match wins. */
const REWRITES: [RegExp, (...groups: string[]) => string][] = [
  [
    /^option '([^']+)' argument '(.*)' is invalid\. ([\s\S]*)$/,
    (flags = '', value = '', why = '') =>
      `${flagName(flags)} ${JSON.stringify(value)} is invalid: ${why}`,
  ],
  [
    /^required option '([^']+)' not specified$/,
    (flags = '') => `${flagName(flags)} is required: give ${flags}.`,
  ],
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
 * @returns the same error as `sightline: Unknown option --bogus.\n`.
 */
export function styleUsageError(text: string): string {
  const message = text.replace(/^error: /, '').replace(/\n+$/, '');
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(message);
    if (match) return `sightline: ${rewrite(...match.slice(1))}\n`;
  }
  return `sightline: ${message.charAt(0).toUpperCase()}${message.slice(1)}\n`;
}

/**
 * Makes `command` and its subcommands write usage errors with {@link styleUsageError}.
 * Call it after the subcommands are declared.
 * @param command - the root command.
 */
export function styleUsageErrors(command: Command): void {
  command.configureOutput({ outputError: (text, write) => write(styleUsageError(text)) });
  for (const subcommand of command.commands) styleUsageErrors(subcommand);
}
