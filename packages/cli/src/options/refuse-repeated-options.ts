/**
 * Commander keeps the last value of an option given twice (`--report a.md --report b.md` reads
 * only b.md), and takes a flag given twice (`--json --json`) as once, silently. This refuses the
 * repetition instead, for every option but those that collect their values (a parser taking
 * `(value, previous)`, such as `map --focus`).
 */
import type { Command, Option } from 'commander';

/** True for an option that collects every value given, so may be repeated. */
function collects(option: Option): boolean {
  return option.variadic || (option.parseArg?.length ?? 0) >= 2;
}

/**
 * Makes `command` and all its subcommands fail with a usage error (commander's `error`, exit code
 * 2) when an option that does not collect its values is given more than once on the command line.
 * The message names the option, never its values (a value may be a token or a URL with a password).
 * Call it after the options are declared and before parsing.
 * @param command - the root command (its subcommands are walked).
 */
export function refuseRepeatedOptions(command: Command): void {
  for (const option of command.options) {
    if (collects(option)) continue;
    const takesValue = option.required || option.optional;
    let seen = 0;
    command.on(`option:${option.name()}`, () => {
      seen += 1;
      if (seen < 2) return;
      const name = option.long ?? option.flags;
      // The values are not repeated back: one may be a secret (`ingest --token`, `--digest-smtp`).
      command.error(
        takesValue
          ? `error: ${name} was given more than once; it takes one value. Give it once.`
          : `error: ${name} was given more than once. Give it once.`,
        { exitCode: 2, code: 'sightline.repeatedOption' },
      );
    });
  }
  for (const subcommand of command.commands) refuseRepeatedOptions(subcommand);
}
