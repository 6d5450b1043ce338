/** Commander argument parsers for numeric flags, so a bad value is a usage error naming the flag. */
import { InvalidArgumentError } from 'commander';

/** Options of {@link wholeNumberArgument}. */
export interface WholeNumberOptions {
  /** Smallest accepted value. Default 1. */
  min?: number;
  /** Largest accepted value. Default `Number.MAX_SAFE_INTEGER`. */
  max?: number;
  /** What is counted, for the message (`tokens`, `lines`). Default none. */
  unit?: string;
}

/** Largest token budget of a repository map: the largest context window of current models (1M). */
export const MAX_MAP_TOKENS = 1_000_000;

/** Largest step budget of one agent phase: each step is a paid model call. */
export const MAX_PHASE_STEPS = 100;

/**
 * Makes a commander argument parser that accepts a whole number (decimal digits only) between
 * `min` and `max`. Commander reports a rejected value as
 * `option '--flag <n>' argument 'x' is invalid. expected …` and the CLI exits 2.
 * @param options - bounds and unit; see {@link WholeNumberOptions}.
 * @returns the parser, for `.option(flags, description, parser)`.
 * @throws InvalidArgumentError (from the parser) for anything else, e.g. `abc`, `1.5`, `1e3`, `0`.
 */
export function wholeNumberArgument({
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  unit,
}: WholeNumberOptions = {}): (value: string) => number {
  const range =
    max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max.toLocaleString('en-US')}`;
  return (value) => {
    const parsed = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(
        `expected a whole number ${range}${unit ? ` (${unit})` : ''}.`,
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
