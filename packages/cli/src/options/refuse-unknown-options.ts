/**
 * Commander checks required options (`--report is required`) and conflicting ones before it
 * looks for unknown ones, so a mistyped flag (`--reprot r.txt`) was reported as the flag it
 * stood for being missing. This reports an unknown option first, named as typed (never its
 * `=value`, which may be a secret), with commander's own suggestion of the closest known option.
 */
import type { Command } from 'commander';

/** Flags that ask for help: commander answers them, unknown options or not. */
const HELP_FLAGS = new Set(['-h', '--help']);

/**
 * Commander's report of an unknown option: `error: unknown option '--reprot'` and, when a known
 * option is close, `(Did you mean --report?)`, through `command.error` (exit code 1 unless the
 * caller maps it). Not in commander's typings, so it is named here; the test of this module
 * fails if a commander upgrade drops it. It does nothing on a command that allows unknown options.
 */
type WithUnknownOption = Command & { unknownOption(flag: string): void };

/**
 * Makes every command without subcommands under `command` fail with commander's usage error for
 * an unknown option as soon as its options are read, before the checks of required and
 * conflicting options. A command line that asks for help still gets it.
 * Call it after the options are declared and before parsing.
 * @param command - the root command (its subcommands are walked).
 */
export function refuseUnknownOptionsFirst(command: Command): void {
  for (const subcommand of command.commands) refuseUnknownOptionsFirst(subcommand);
  // A command with subcommands leaves the options it does not know to them.
  if (command.commands.length > 0) return;
  const parseOptions = command.parseOptions.bind(command);
  command.parseOptions = (args) => {
    const parsed = parseOptions(args);
    // Commander puts the first unknown option and everything after it in `unknown`.
    const [first] = parsed.unknown;
    if (first?.startsWith('-') && !parsed.unknown.some((arg) => HELP_FLAGS.has(arg))) {
      const name = first.split('=', 1)[0] ?? first;
      // `--json=true`: a known flag that takes no value, given one (trial 41: "Unknown option
      // --json. (Did you mean --json?)").
      const flag = command.options.find((option) => option.long === name || option.short === name);
      if (flag && !flag.required && !flag.optional) {
        command.error(`${name} takes no value: give ${name} alone, without =.`, {
          code: 'commander.invalidArgument',
        });
      }
      (command as WithUnknownOption).unknownOption(name);
    }
    return parsed;
  };
}
