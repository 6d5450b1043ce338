import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { integerInRange, nonEmptyText } from './validate-input.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return SightlineError.isInstance(error) ? error.code : 'not a SightlineError';
  }
  return undefined;
}

describe('integerInRange', () => {
  it('returns the fallback for undefined and the value when valid', () => {
    expect(integerInRange('n', undefined, { min: 1, fallback: 7 })).toBe(7);
    expect(integerInRange('n', 3, { min: 1, max: 3, fallback: 7 })).toBe(3);
  });

  it.each([
    [0],
    [-1],
    [1.5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [4],
    ['2' as unknown as number],
  ])('refuses %s', (value) => {
    expect(codeOf(() => integerInRange('n', value, { min: 1, max: 3, fallback: 1 }))).toBe(
      'INVALID_ARGUMENT',
    );
  });

  it('says what a valid value looks like', () => {
    expect(() => integerInRange('depth', 9, { min: 1, max: 5, fallback: 2 })).toThrow(
      'depth must be a whole number between 1 and 5; got 9.',
    );
  });
});

describe('nonEmptyText', () => {
  it('accepts ordinary text', () => {
    expect(nonEmptyText('pattern', 'abc')).toBe('abc');
  });

  it.each([[''], ['a\0b'], ['x'.repeat(11)], [42]])('refuses %j', (value) => {
    expect(codeOf(() => nonEmptyText('pattern', value, 10))).toBe('INVALID_ARGUMENT');
  });
});
