/**
 * Commander keeps the last value of an option given twice (`--report a.md --report b.md` reads
 * only b.md), silently. This refuses the repetition instead, for every option that takes one
 * value; options that collect their values (a parser taking `(value, previous)`, such as
 * `map --focus`) and flags without a value are left alone.
 */
import type { Command, Option } from 'commander';

/** True for an option that takes one value and keeps only the last when repeated. */
function takesOneValue(option: Option): boolean {
  const takesValue = option.required || option.optional;
  const collects = option.variadic || (option.parseArg?.length ?? 0) >= 2;
  return takesValue && !collects;
}

/**
 * Makes `command` and all its subcommands fail with a usage error (commander's `error`, exit code
 * 2) when an option that takes one value is given more than once on the command line.
 * Call it after the options are declared and before parsing.
 * @param command - the root command (its subcommands are walked).
 */
export function refuseRepeatedOptions(command: Command): void {
  for (const option of command.options) {
    if (!takesOneValue(option)) continue;
    const seen: string[] = [];
    command.on(`option:${option.name()}`, (value: unknown) => {
      seen.push(String(value));
      if (seen.length < 2) return;
      command.error(
        `error: ${option.long ?? option.flags} was given more than once (${seen.map((v) => JSON.stringify(v)).join(', ')}); it takes one value. Give it once.`,
        { exitCode: 2, code: 'sightline.repeatedOption' },
      );
    });
  }
  for (const subcommand of command.commands) refuseRepeatedOptions(subcommand);
}
