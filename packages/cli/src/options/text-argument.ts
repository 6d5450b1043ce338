/** Commander argument parsers for text flags, so an empty value is a usage error naming the flag. */
import { InvalidArgumentError } from 'commander';

/**
 * Makes a commander argument parser that accepts text with something besides white space, or, with
 * `list`, comma-separated items of which at least one is not blank (`,` names nothing).
 * @param what - what the value names, for the message (`a project name`, `hosts`).
 * @param options.list - the value is a comma-separated list.
 * @returns the parser, for `.option(flags, description, parser)`; it returns the value as given.
 * @throws InvalidArgumentError (from the parser) for an empty or blank value (the CLI exits 2).
 */
export function textArgument(
  what: string,
  { list = false }: { list?: boolean } = {},
): (value: string) => string {
  return (value) => {
    const items = list ? value.split(',') : [value];
    if (items.every((item) => item.trim() === '')) {
      throw new InvalidArgumentError(`expected ${what}, not an empty value.`);
    }
    return value;
  };
}
