import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, jsonTextShape, MAX_JSON_DEPTH } from './json-depth.js';

const nested = (levels: number) =>
  JSON.parse(`${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`);

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays within each other, scalars as no level', () => {
    expect(jsonNestsDeeperThan('text', 0)).toBe(false);
    expect(jsonNestsDeeperThan(null, 0)).toBe(false);
    expect(jsonNestsDeeperThan({}, 0)).toBe(true);
    expect(jsonNestsDeeperThan({}, 1)).toBe(false);
    expect(jsonNestsDeeperThan({ a: [1], b: 'x' }, 2)).toBe(false);
    expect(jsonNestsDeeperThan({ a: [1], b: [[]] }, 2)).toBe(true);
  });

  it(`takes ${MAX_JSON_DEPTH} levels by default, and measures 100,000 without overflowing the stack`, () => {
    // Found by fresh-user trial 17: a report nested 100,000 levels deep overflowed the stack.
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 2))).toBe(true);
    expect(jsonNestsDeeperThan(nested(100_000))).toBe(true);
  });
});

describe('jsonTextShape', () => {
  it('counts open brackets outside strings only', () => {
    expect(jsonTextShape('{"a": [1, {"b": "[[[{{{"}]}').deepest).toBe(3);
    expect(jsonTextShape(`{"a": ${'['.repeat(100_000)}`).deepest).toBe(100_001);
  });

  it('says where a string the text ends inside starts and can be read up to', () => {
    expect(jsonTextShape('{"a": "bc"}').cutString).toBeUndefined();
    expect(jsonTextShape('{"a": "bc').cutString).toEqual({ start: 7, end: 9 });
    // An escaped quote does not close the string; a complete escape is kept whole.
    expect(jsonTextShape('{"a": "b\\"c').cutString).toEqual({ start: 7, end: 11 });
    expect(jsonTextShape('{"a": "b\\\\').cutString).toEqual({ start: 7, end: 10 });
    // An escape sequence cut in two is left out.
    expect(jsonTextShape('{"a": "b\\').cutString).toEqual({ start: 7, end: 8 });
    expect(jsonTextShape('{"a": "b\\u00').cutString).toEqual({ start: 7, end: 8 });
    expect(jsonTextShape('{"a": "b\\u00e9').cutString).toEqual({ start: 7, end: 14 });
    // A key cut short is a string too.
    expect(jsonTextShape('{"a": 1, "ke').cutString).toEqual({ start: 10, end: 12 });
  });
});
