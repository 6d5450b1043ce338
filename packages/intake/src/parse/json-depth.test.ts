import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

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
