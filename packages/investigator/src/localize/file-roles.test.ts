import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { isBundledCopy } from './file-roles.js';

describe('isBundledCopy', () => {
  const file = (path: string, names: string[], lineCount: number): IndexedFile => ({
    path,
    language: 'javascript',
    size: 1,
    lineCount,
    mtimeMs: 0,
    definitions: names.map((name, i) => ({
      name,
      kind: 'function',
      path,
      lines: [i + 1, i + 1],
      scope: [],
      signature: '',
    })),
    references: [],
  });

  it('flags a long file that holds copies of several files, not a sibling mirroring one', () => {
    const modules = ['a', 'b', 'c'].map((m) =>
      file(`lib/${m}.js`, [`${m}1`, `${m}2`, `${m}3`], 50),
    );
    const bundle = file(
      'dist/all.js',
      modules.flatMap((m) => m.definitions.map((d) => d.name)),
      3000,
    );
    const sibling = file('lib/a2.js', ['a1', 'a2', 'a3'], 3000);
    const index: RepositoryIndex = {
      root: '/',
      files: new Map([...modules, bundle, sibling].map((f) => [f.path, f])),
      skipped: [],
    };
    expect(isBundledCopy(bundle, index)).toBe(true);
    expect(isBundledCopy(sibling, index)).toBe(false);
    expect(isBundledCopy(modules[0] as IndexedFile, index)).toBe(false);
  });
});
