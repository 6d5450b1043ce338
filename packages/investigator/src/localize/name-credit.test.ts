import type { Definition, IndexedFile, RepositoryIndex } from '@sightline/codebase';
import { buildReferenceGraph } from '@sightline/codebase/internal';
import { describe, expect, it } from 'vitest';
import { calleeShares, definerShares, qualifiedDefiners } from './name-credit.js';

describe('definerShares', () => {
  it('shares a name among its definers when none is named after it', () => {
    const shares = definerShares(
      new Set(['lib/a.js', 'lib/b.js', 'lib/c.js', 'lib/d.js']),
      'parse',
    );
    expect([...shares.values()]).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('gives the file named after the name its whole credit; the other definers keep their share', () => {
    // markdown-it: the block rule lives in rules_block/html_block.mjs; the renderer, the parser's
    // rule list and the test helpers merely have an `html_block` entry.
    const shares = definerShares(
      new Set([
        'lib/renderer.mjs',
        'lib/rules_block/html_block.mjs',
        'lib/parser_block.mjs',
        'lib/common/html_blocks.mjs',
      ]),
      'html_block',
    );
    expect(shares.get('lib/rules_block/html_block.mjs')).toBe(1);
    expect(shares.get('lib/renderer.mjs')).toBe(0.25);
    expect(shares.get('lib/common/html_blocks.mjs')).toBe(0.25);
  });

  it('matches the name across naming styles and ignores every extension', () => {
    const shares = definerShares(
      new Set(['src/Html/HtmlBlock.cs', 'src/html-block.d.ts', 'src/Other.cs']),
      'html_block',
    );
    expect(shares.get('src/Html/HtmlBlock.cs')).toBe(0.5);
    expect(shares.get('src/html-block.d.ts')).toBe(0.5);
    expect(shares.get('src/Other.cs')).toBeCloseTo(1 / 3);
  });
});

describe('qualifiedDefiners', () => {
  const definition = (
    path: string,
    kind: Definition['kind'],
    name: string,
    scope: string[] = [],
  ) => ({
    name,
    kind,
    path,
    lines: [1, 5] as [number, number],
    scope,
    signature: '',
  });
  const file = (path: string, definitions: Definition[]): IndexedFile => ({
    path,
    language: 'csharp',
    size: 1,
    lineCount: 50,
    mtimeMs: 0,
    definitions,
    references: [],
  });
  // Humanizer-like: the enum `TimeUnit` with its `Hour` value, and a fluent API whose unrelated
  // `Hour` property happens to share the member's name.
  const index: RepositoryIndex = {
    root: '/nonexistent',
    files: new Map(
      [
        file('src/Localisation/TimeUnit.cs', [
          definition('src/Localisation/TimeUnit.cs', 'enum', 'TimeUnit'),
          definition('src/Localisation/TimeUnit.cs', 'field', 'Hour', ['TimeUnit']),
        ]),
        file('src/FluentDate/In.SomeTimeFrom.cs', [
          definition('src/FluentDate/In.SomeTimeFrom.cs', 'class', 'In'),
          definition('src/FluentDate/In.SomeTimeFrom.cs', 'field', 'Hour', ['In']),
        ]),
        file('src/Extensions/TimeUnitExtensions.cs', [
          definition('src/Extensions/TimeUnitExtensions.cs', 'method', 'Hour', ['TimeUnit']),
        ]),
      ].map((f) => [f.path, f]),
    ),
    skipped: [],
  };
  const graph = buildReferenceGraph(index);

  it('keeps only the member under the named type, or in the file defining the type', () => {
    expect(qualifiedDefiners(index, graph, 'Hour', new Set(['TimeUnit']))).toEqual(
      new Set(['src/Localisation/TimeUnit.cs', 'src/Extensions/TimeUnitExtensions.cs']),
    );
  });

  it('leaves the name alone when the qualifier is no type of this repository', () => {
    expect(qualifiedDefiners(index, graph, 'Hour', new Set(['TimeSpan']))).toBeUndefined();
  });
});

describe('definerShares for a stack frame function', () => {
  it('finds no home: the frame already located the function', () => {
    // `main.main` resolved to cmd/task/task.go; cmd/release/main.go is another program's `main`.
    const shares = definerShares(
      new Set(['cmd/task/task.go', 'cmd/release/main.go', 'cmd/sleepit/sleepit.go']),
      'main',
      { homes: false },
    );
    expect(shares.get('cmd/release/main.go')).toBeCloseTo(1 / 3);
  });
});

describe('calleeShares', () => {
  const file = (
    path: string,
    definitions: [string, number, number][],
    references: [string, number][] = [],
  ): IndexedFile => ({
    path,
    language: 'javascript',
    size: 1,
    lineCount: 60,
    mtimeMs: 0,
    definitions: definitions.map(([name, start, end]) => ({
      name,
      kind: 'function',
      path,
      lines: [start, end],
      scope: [],
      signature: '',
    })),
    references: references.map(([name, line]) => ({ name, line, path })),
  });
  // ky-like: `extend` in the entry file delegates the merge to a helper module.
  const index: RepositoryIndex = {
    root: '/nonexistent',
    files: new Map(
      [
        file(
          'source/index.js',
          [
            ['createInstance', 5, 22],
            ['extend', 13, 18],
          ],
          [
            ['cloneShallow', 7],
            ['createInstance', 17],
            ['validateAndMerge', 17],
          ],
        ),
        file('source/utils/merge.js', [
          ['validateAndMerge', 37, 44],
          ['deepMerge', 50, 90],
        ]),
        file('source/core/constants.js', [['createInstance', 1, 3]]),
        file('source/utils/clone.js', [['cloneShallow', 1, 9]]),
      ].map((f) => [f.path, f]),
    ),
    skipped: [],
  };
  const graph = buildReferenceGraph(index);

  it('credits the files defining what the mentioned function calls, not what its file calls elsewhere', () => {
    const shares = calleeShares(index, graph, 'extend', new Set(['source/index.js']));
    expect(shares.get('source/utils/merge.js')).toEqual({ callee: 'validateAndMerge', share: 1 });
    // `createInstance` is also defined in the caller's own file: only the other definer counts.
    expect(shares.get('source/core/constants.js')).toEqual({ callee: 'createInstance', share: 1 });
    expect(shares.has('source/index.js')).toBe(false);
    expect(shares.has('source/utils/clone.js')).toBe(false);
  });

  it('credits nothing for a name without a body that calls anything', () => {
    expect(calleeShares(index, graph, 'deepMerge', new Set(['source/utils/merge.js'])).size).toBe(
      0,
    );
  });
});

describe('calleeShares from declarations', () => {
  it('reads no calls from a declaration file, and credits only functions', () => {
    const declaration: IndexedFile = {
      path: 'types/ky.d.ts',
      language: 'typescript',
      size: 1,
      lineCount: 20,
      mtimeMs: 0,
      definitions: [
        {
          name: 'extend',
          kind: 'method',
          path: 'types/ky.d.ts',
          lines: [3, 3],
          scope: [],
          signature: '',
        },
      ],
      references: [{ name: 'Options', line: 3, path: 'types/ky.d.ts' }],
    };
    const options: IndexedFile = {
      ...declaration,
      path: 'types/options.d.ts',
      definitions: [
        {
          name: 'Options',
          kind: 'type',
          path: 'types/options.d.ts',
          lines: [1, 9],
          scope: [],
          signature: '',
        },
      ],
      references: [],
    };
    const index: RepositoryIndex = {
      root: '/nonexistent',
      files: new Map([declaration, options].map((f) => [f.path, f])),
      skipped: [],
    };
    const graph = buildReferenceGraph(index);
    expect(calleeShares(index, graph, 'extend', new Set(['types/ky.d.ts'])).size).toBe(0);
    const asSource = { ...declaration, path: 'source/ky.ts' };
    const mixed: RepositoryIndex = {
      ...index,
      files: new Map([
        [asSource.path, asSource],
        [options.path, options],
      ]),
    };
    expect(
      calleeShares(mixed, buildReferenceGraph(mixed), 'extend', new Set(['source/ky.ts'])).size,
    ).toBe(0);
  });
});

describe('calleeShares of a generic name', () => {
  it('passes nothing on when many files define the name', () => {
    const files: IndexedFile[] = ['a', 'b', 'c', 'd', 'e', 'helper'].map((name) => ({
      path: `src/${name}.js`,
      language: 'javascript',
      size: 1,
      lineCount: 10,
      mtimeMs: 0,
      definitions: [
        {
          name: name === 'helper' ? 'helper' : 'get',
          kind: 'function',
          path: `src/${name}.js`,
          lines: [1, 5],
          scope: [],
          signature: '',
        },
      ],
      references: name === 'helper' ? [] : [{ name: 'helper', line: 3, path: `src/${name}.js` }],
    }));
    const index: RepositoryIndex = {
      root: '/nonexistent',
      files: new Map(files.map((f) => [f.path, f])),
      skipped: [],
    };
    const graph = buildReferenceGraph(index);
    const few = new Set(['src/a.js', 'src/b.js']);
    expect(calleeShares(index, graph, 'get', few).get('src/helper.js')?.share).toBe(0.5);
    const many = new Set(['src/a.js', 'src/b.js', 'src/c.js', 'src/d.js', 'src/e.js']);
    expect(calleeShares(index, graph, 'get', many).size).toBe(0);
  });
});
