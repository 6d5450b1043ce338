/**
 * Checks the loosely-typed values a model sends (numbers that may be NaN, negative or fractional,
 * strings that may hold NUL bytes) and turns bad ones into `INVALID_ARGUMENT` errors whose message
 * says what a valid value looks like.
 */
import { SightlineError } from '@sightline/core';

/**
 * Returns `value` when it is an integer in `[min, max]`, `fallback` when it is `undefined`.
 * @param name the parameter's name as the model knows it, for the message.
 * @param value what the model sent.
 * @param range `min`, `max` (default `Number.MAX_SAFE_INTEGER`) and the `fallback` for no value.
 * @returns the checked integer.
 * @throws SightlineError `INVALID_ARGUMENT` for NaN, infinities, fractions and values out of range.
 */
export function integerInRange(
  name: string,
  value: number | undefined,
  { min, max = Number.MAX_SAFE_INTEGER, fallback }: { min: number; max?: number; fallback: number },
): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must be a whole number ${range}; got ${String(value)}.`,
      details: { name, value: String(value) },
    });
  }
  return value;
}

/**
 * Returns `value` when it is a non-empty string without NUL bytes and at most `maxLength` long.
 * @param name the parameter's name as the model knows it, for the message.
 * @param value what the model sent.
 * @param maxLength longest accepted value, in UTF-16 code units. Default 1,000.
 * @returns `value`, unchanged.
 * @throws SightlineError `INVALID_ARGUMENT` otherwise.
 */
export function nonEmptyText(name: string, value: unknown, maxLength = 1_000): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must be a non-empty string.`,
      details: { name },
    });
  }
  if (value.includes('\0')) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must not contain NUL bytes.`,
      details: { name },
    });
  }
  if (value.length > maxLength) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${name} is ${value.length} characters long; the limit is ${maxLength}. Use a shorter one.`,
      details: { name, length: value.length },
    });
  }
  return value;
}
