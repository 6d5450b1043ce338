import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { frameWeights, helperReason } from './frame-weights.js';

const ASSERT = `export function expectString(value, name) {
  if (typeof value !== 'string') {
    throw new TypeError(name + ' must be a string');
  }
}
`;

const CHECKS = `export function ensureRange(start, end, length) {
  if (start < 0) {
    throw new RangeError('start < 0');
  }
  if (end > length) {
    throw new RangeError('end > length');
  }
  if (start > end) {
    throw new RangeError('start > end');
  }
}
`;

const PARSE = `import { expectString } from './assert.js';
import { ensureRange } from './checks.js';

export function parseHeader(line, options) {
  const separator = line.indexOf(':');
  const name = line.slice(0, separator);
  const value = options.trim ? line.slice(separator + 1).trim() : line.slice(separator + 1);
  ensureRange(0, separator, line.length);
  expectString(options.lookup[name], name);
  return { name, value };
}
`;

let repository: HandBuiltRepository;
beforeAll(async () => {
  repository = await createHandBuiltRepository({
    'lib/assert.js': {
      content: ASSERT,
      definitions: [{ name: 'expectString', kind: 'function', lines: [1, 5] }],
    },
    'lib/checks.js': {
      content: CHECKS,
      definitions: [{ name: 'ensureRange', kind: 'function', lines: [1, 11] }],
    },
    'lib/config.js': {
      content:
        'export function timeoutOf(options) {\n  return options.network.timeout;\n}\nexport function decode(value) {\n  return decodeURIComponent(value);\n}\n',
      definitions: [
        { name: 'timeoutOf', kind: 'function', lines: [1, 3] },
        { name: 'decode', kind: 'function', lines: [4, 6] },
      ],
    },
    'lib/parse.js': {
      content: PARSE,
      definitions: [{ name: 'parseHeader', kind: 'function', lines: [4, 11] }],
      references: [
        { name: 'expectString', line: 9 },
        { name: 'ensureRange', line: 8 },
      ],
    },
  });
});
afterAll(() => repository.cleanup());

describe('frame weights', () => {
  it('recognises a tiny helper and one that only checks and throws, not the caller', () => {
    const { index } = repository;
    expect(helperReason(index, { path: 'lib/assert.js', line: 3 })).toBe(
      '`expectString` only checks and throws',
    );
    expect(helperReason(index, { path: 'lib/config.js', line: 2 })).toBe(
      '`timeoutOf` is a 3-line accessor',
    );
    expect(helperReason(index, { path: 'lib/checks.js', line: 6 })).toBe(
      '`ensureRange` only checks and throws',
    );
    expect(helperReason(index, { path: 'lib/parse.js', line: 9 })).toBeUndefined();
    expect(helperReason(index, { path: 'lib/config.js', line: 6 })).toBeUndefined();
  });

  it('halves a helper frame and gives its caller the innermost weight', () => {
    expect(
      frameWeights(repository.index, [
        { path: 'lib/assert.js', line: 3 },
        { path: 'lib/parse.js', line: 9 },
      ]),
    ).toEqual([{ weight: 0.5, helper: '`expectString` only checks and throws' }, { weight: 1 }]);
  });

  it('keeps plain decay without helpers, and never treats the outermost frame as one', () => {
    expect(
      frameWeights(repository.index, [
        { path: 'lib/parse.js', line: 9 },
        { path: 'lib/assert.js', line: 3 },
      ]).map((entry) => entry.weight),
    ).toEqual([1, 0.6]);
  });
});
