import type { Definition } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { bodyLines, isAccessor } from './function-shape.js';

const method = (lines: [number, number]): Definition => ({
  name: 'm',
  kind: 'method',
  lines,
  scope: [],
  path: 'a.js',
  signature: '',
});

describe('accessors', () => {
  const source = [
    'class Cache {',
    '  get size() {',
    '    return this.#size;',
    '  }',
    '  def name',
    '    @name',
    '  end',
    '  get first() {',
    '    return this.#list.at(0);',
    '  }',
    '}',
  ];

  it('takes a short body that only returns a field, private or Ruby-style', () => {
    expect(bodyLines(source, method([2, 4]))).toEqual(['    return this.#size;']);
    expect(isAccessor(source, method([2, 4]))).toBe(true);
    expect(isAccessor(source, method([5, 7]))).toBe(true);
  });

  it('refuses a body that calls something, a long one, a non-function and an unread file', () => {
    expect(isAccessor(source, method([8, 10]))).toBe(false);
    expect(isAccessor(source, method([1, 11]))).toBe(false);
    expect(isAccessor(source, { ...method([2, 4]), kind: 'class' })).toBe(false);
    expect(isAccessor([], method([2, 4]))).toBe(false);
  });
});

describe('accessors with long lines', () => {
  it('reads a comment line of a million tabs before a carriage return', () => {
    const source = ['f() {', `*${'\t'.repeat(1_000_000)}\r)`, '  return this.x;', '}'];
    expect(isAccessor(source, method([1, 4]))).toBe(false);
    const comment = ['f() {', `// note${'\t'.repeat(1_000_000)}\r\t`, '  return this.x;', '}'];
    expect(isAccessor(comment, method([1, 4]))).toBe(true);
  });
});
