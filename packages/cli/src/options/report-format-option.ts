/**
 * `--report-format <name>`: the input format of a report, checked by commander against intake's
 * format names when the command line is parsed, so a wrong name is refused before any work (a
 * report read, a repository indexed) with the names it could be.
 */
import { REPORT_FORMAT_NAMES } from '@sightline/intake';
import { Option } from 'commander';

/**
 * The option; `auto` (detect the format) is one of its choices.
 * @param description - the help line.
 * @param defaultValue - the value when it is not given. Default: none (`undefined`).
 * @returns an option to add with `command.addOption`.
 */
export function reportFormatOption(description: string, defaultValue?: string): Option {
  const option = new Option('--report-format <name>', description).choices([
    'auto',
    ...REPORT_FORMAT_NAMES,
  ]);
  return defaultValue === undefined ? option : option.default(defaultValue);
}
