/** Commander argument parsers for numeric flags, so a bad value is a usage error naming the flag. */
import { InvalidArgumentError } from 'commander';

/**
 * Makes a commander argument parser that accepts a whole number of at least `min`. Commander
 * reports a rejected value as `option '--flag <n>' argument 'x' is invalid. expected …` and the
 * CLI exits 2.
 * @param min - smallest accepted value. Default 1.
 * @param unit - what is counted, for the message (`tokens`, `lines`). Default none.
 * @returns the parser, for `.option(flags, description, parser)`.
 * @throws InvalidArgumentError (from the parser) for anything else, e.g. `abc`, `1.5`, `0`.
 */
export function wholeNumberArgument(min = 1, unit?: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isInteger(parsed) || parsed < min) {
      throw new InvalidArgumentError(
        `expected a whole number ≥ ${min}${unit ? ` (${unit})` : ''}.`,
      );
    }
    return parsed;
  };
}

/**
 * Makes a commander argument parser that accepts a number greater than 0 (decimals allowed, e.g.
 * an amount of US dollars).
 * @param unit - what is measured, for the message (`US dollars`).
 * @returns the parser, for `.option(flags, description, parser)`.
 * @throws InvalidArgumentError (from the parser) for anything else, e.g. `abc`, `0`, `-1`, `Infinity`.
 */
export function positiveNumberArgument(unit: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) {
      throw new InvalidArgumentError(`expected a number > 0 (${unit}).`);
    }
    return parsed;
  };
}
