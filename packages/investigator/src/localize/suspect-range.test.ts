import type { Definition, IndexedFile } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { enclosingDefinition, headRange, rangeAtLine } from './suspect-range.js';

const definition = (
  name: string,
  kind: Definition['kind'],
  lines: [number, number],
  scope: string[] = [],
): Definition => ({
  name,
  kind,
  lines,
  scope,
  path: 'a.js',
  signature: '',
});

const file: IndexedFile = {
  path: 'a.js',
  language: 'javascript',
  size: 1,
  lineCount: 400,
  mtimeMs: 0,
  definitions: [
    definition('Parser', 'class', [1, 300]),
    definition('parse', 'method', [10, 40], ['Parser']),
    definition('helper', 'function', [20, 25], ['Parser', 'parse']),
    definition('Small', 'class', [320, 340]),
    definition('LIMIT', 'constant', [350, 350]),
  ],
  references: [],
};

describe('suspect ranges', () => {
  it('takes the innermost callable around a line', () => {
    expect(enclosingDefinition(file, 22)?.name).toBe('helper');
    expect(rangeAtLine(file, 30)).toEqual({ lines: [10, 40], symbol: 'Parser.parse' });
  });

  it('takes a short container, but not a long one, when no callable encloses the line', () => {
    expect(rangeAtLine(file, 330)).toEqual({ lines: [320, 340], symbol: 'Small' });
    expect(rangeAtLine(file, 200)).toEqual({ lines: [195, 205] });
  });

  it('falls back to a window clamped to the file, or to the head', () => {
    expect(rangeAtLine(file, 398)).toEqual({ lines: [393, 400] });
    expect(rangeAtLine(file, 2)).toEqual({ lines: [1, 7] });
    expect(headRange({ ...file, lineCount: 12 })).toEqual({ lines: [1, 12] });
  });
});
