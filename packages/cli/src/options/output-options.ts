/**
 * The output flags every command spells the same way: `--format <name>` is always the output
 * format, `--json` is short for `--format json`, and the two may not disagree. The format of the
 * input is `--report-format` wherever a command reads reports.
 */
import { SightlineError } from '@sightline/core';
import { type Command, InvalidArgumentError, Option } from 'commander';

/** The output flags as commander gives them. */
export interface FormatFlags {
  format?: string;
  json?: boolean;
}

/** Options of {@link addFormatOptions}. */
export interface FormatOptionsSpec {
  /** Output formats accepted by `--format`, e.g. `['md', 'json']`. */
  formats: readonly string[];
  /** Format used when neither flag is given (shown in the help). */
  defaultFormat: string;
  /**
   * Input format names (`sentry-json`, `play-csv` …): `--format` given one of them is refused with
   * a pointer to `--report-format`, where a command has it.
   */
  inputFormats?: readonly string[];
}

/** Other spellings of output formats, accepted where their format is: `--format markdown` is `md`. */
const FORMAT_ALIASES: Readonly<Record<string, string>> = { markdown: 'md' };

/**
 * Adds `--format <name>` and `--json` to `command`. A format's other spelling
 * (`markdown` for `md`) is accepted and stands for it.
 * @param command - the command.
 * @param spec - accepted formats and the default; see {@link FormatOptionsSpec}.
 * @returns the same command, for chaining.
 */
export function addFormatOptions(
  command: Command,
  { formats, defaultFormat, inputFormats = [] }: FormatOptionsSpec,
): Command {
  const parse = (value: string) => {
    if (formats.includes(value)) return value;
    const alias = FORMAT_ALIASES[value];
    if (alias && formats.includes(alias)) return alias;
    const hint = inputFormats.includes(value)
      ? ` "${value}" is an input format: pass it as --report-format ${value}.`
      : '';
    throw new InvalidArgumentError(`the output format is one of ${formats.join(', ')}.${hint}`);
  };
  return command
    .addOption(
      new Option(
        '--format <name>',
        `output format: ${formats.join(', ')} (default ${defaultFormat})`,
      ).argParser(parse),
    )
    .option('--json', 'same as --format json');
}

/**
 * The output format the flags ask for.
 * @param flags - `--format` and `--json` as given.
 * @param defaultFormat - the format when neither is given.
 * @returns the format.
 * @throws SightlineError `INVALID_ARGUMENT` when `--json` and another `--format` are both given.
 */
export function resolveFormat(flags: FormatFlags, defaultFormat: string): string {
  if (flags.json && flags.format !== undefined && flags.format !== 'json') {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--json and --format ${flags.format} contradict each other. Give one of them.`,
      details: { format: flags.format },
    });
  }
  return flags.json ? 'json' : (flags.format ?? defaultFormat);
}
