import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { areTwins, editableTwin, indexedTwinsOf, twinKey } from './twins.js';

function indexOf(files: Record<string, string[]>): RepositoryIndex {
  const entries = Object.entries(files).map(([path, names]): [string, IndexedFile] => [
    path,
    {
      path,
      language: 'javascript',
      size: 1,
      lineCount: 10,
      mtimeMs: 0,
      definitions: names.map((name, position) => ({
        name,
        kind: 'function',
        path,
        lines: [position + 1, position + 1],
        scope: [],
        signature: '',
      })),
      references: [],
    },
  ]);
  return { root: '/repo', files: new Map(entries), skipped: [] };
}

describe('twinKey', () => {
  it('maps compiled, module-format and declaration copies to one key', () => {
    expect(
      ['dist/esm/index.js', 'dist/commonjs/index.js', 'dist/esm/index.d.ts', 'src/index.ts'].map(
        twinKey,
      ),
    ).toEqual(['index', 'index', 'index', 'index']);
    expect(['dist/acorn.js', 'dist/acorn.mjs', 'dist/acorn.d.mts'].map(twinKey)).toEqual([
      'acorn',
      'acorn',
      'acorn',
    ]);
    expect(['plugin/timezone.js', 'esm/plugin/timezone/index.js'].map(twinKey)).toEqual([
      'plugin/timezone',
      'plugin/timezone',
    ]);
  });

  it('gives Go platform variants one key and other files none', () => {
    expect(twinKey('internal/term/tty_unix.go')).toBe('internal/term/tty');
    expect(twinKey('internal/term/tty_windows_amd64.go')).toBe('internal/term/tty');
    expect(twinKey('internal/term/tty.go')).toBeNull();
    expect(twinKey('src/Parser.java')).toBeNull();
  });
});

describe('areTwins and editableTwin', () => {
  const index = indexOf({
    'dist/esm/index.js': ['Minimatch', 'minimatch', 'escape'],
    'dist/commonjs/index.js': ['Minimatch', 'minimatch', 'escape'],
    'dist/esm/index.d.ts': [],
    'lib/index.js': ['parse', 'stringify'],
    'src/index.js': ['render'],
  });

  it('pairs copies sharing their names, not unrelated modules with one file name', () => {
    expect(areTwins(index, 'dist/esm/index.js', 'dist/commonjs/index.js')).toBe(true);
    expect(areTwins(index, 'dist/esm/index.js', 'dist/esm/index.d.ts')).toBe(true);
    expect(areTwins(index, 'lib/index.js', 'src/index.js')).toBe(false);
  });

  it('points at the source, never at a declaration or a minified copy', () => {
    expect(editableTwin(['dist/index.d.ts', 'dist/index.js', 'src/index.ts'])).toBe('src/index.ts');
    expect(editableTwin(['dist/x.min.js', 'dist/x.js'])).toBe('dist/x.js');
    expect(editableTwin(['dist/commonjs/index.js', 'dist/esm/index.js'])).toBe(
      'dist/commonjs/index.js',
    );
  });

  it('finds the indexed twins of a file the walk skipped', () => {
    const dayjs = indexOf({ 'esm/plugin/timezone/index.js': ['tz'], 'esm/index.js': ['dayjs'] });
    expect(indexedTwinsOf(dayjs, 'plugin/timezone.js')).toEqual(['esm/plugin/timezone/index.js']);
  });
});
