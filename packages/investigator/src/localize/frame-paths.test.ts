import type { IndexedFile, RepositoryIndex } from '@sightline/codebase';
import type { Frame } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import {
  frameFileLookup,
  framePathSegments,
  mapFrame,
  resolveFrame,
  resolveFramePath,
} from './frame-paths.js';

function indexOf(paths: string[]): RepositoryIndex {
  const files = new Map<string, IndexedFile>(
    paths.map((file) => [
      file,
      {
        path: file,
        language: 'javascript',
        size: 1,
        lineCount: 1,
        mtimeMs: 0,
        definitions: [],
        references: [],
      },
    ]),
  );
  return { root: '/nonexistent-root', files, skipped: [] };
}

describe('framePathSegments', () => {
  it('strips file:// and keeps the path after this package in node_modules', () => {
    expect(
      framePathSegments(
        'file:///home/user/project/node_modules/axios/lib/helpers/isURLSameOrigin.js',
        'axios',
      ),
    ).toEqual(['lib', 'helpers', 'isURLSameOrigin.js']);
  });

  it('rejects frames inside other packages, and runtime frames', () => {
    expect(framePathSegments('/app/node_modules/express/lib/router.js', 'axios')).toBeNull();
    expect(framePathSegments('/app/node_modules/express/lib/router.js')).toBeNull();
    expect(framePathSegments('node:internal/modules/esm/module_job', 'axios')).toBeNull();
    expect(framePathSegments('internal/modules/cjs/loader.js')).toBeNull();
  });

  it('handles scoped packages, webpack URLs, Windows paths and line suffixes', () => {
    expect(framePathSegments('/a/node_modules/@scope/pkg/src/x.ts', '@scope/pkg')).toEqual([
      'src',
      'x.ts',
    ]);
    expect(framePathSegments('webpack:///./src/components/App.tsx')).toEqual([
      'src',
      'components',
      'App.tsx',
    ]);
    expect(framePathSegments('C:\\work\\app\\src\\main.js:10:5')).toEqual([
      'work',
      'app',
      'src',
      'main.js',
    ]);
    expect(framePathSegments('https://cdn.example.com/assets/app.js?v=3')).toEqual([
      'assets',
      'app.js',
    ]);
  });
});

describe('resolveFramePath', () => {
  const paths = [
    'lib/cli.js',
    'lib/eslint/eslint.js',
    'lib/eslint/flat-eslint.js',
    'src/index.js',
    'test/index.js',
    'b/c.js',
    'x/b/c.js',
  ];
  const lookup = frameFileLookup(paths, 'shop');
  const index = indexOf(paths);

  it('takes the file sharing the longest suffix of segments', () => {
    expect(
      resolveFramePath(lookup, ['home', 'user', 'project', 'lib', 'eslint', 'flat-eslint.js']),
    ).toBe('lib/eslint/flat-eslint.js');
    expect(resolveFramePath(lookup, ['app', 'src', 'index.js'])).toBe('src/index.js');
    expect(resolveFramePath(lookup, ['build', 'eslint', 'eslint.js'])).toBe('lib/eslint/eslint.js');
  });

  it('breaks a tie by the file whose whole path ends the frame path', () => {
    expect(resolveFramePath(lookup, ['a', 'b', 'c.js'])).toBe('b/c.js');
  });

  it('refuses ambiguous and folder-mismatched matches', () => {
    expect(resolveFramePath(lookup, ['index.js'])).toBeNull();
    expect(resolveFramePath(lookup, ['node_modules', 'eslint', 'bin', 'eslint.js'])).toBeNull();
    expect(resolveFramePath(lookup, ['lib', 'missing.js'])).toBeNull();
  });

  it('takes a file at the root by name only when the frame names it alone or in the repository folder', () => {
    const root = frameFileLookup(['index.js', 'src/cart.js'], 'shop');
    expect(resolveFramePath(root, ['index.js'])).toBe('index.js');
    expect(resolveFramePath(root, ['srv', 'shop', 'index.js'])).toBe('index.js');
    expect(resolveFramePath(root, ['usr', 'lib', 'node', 'index.js'])).toBeNull();
  });

  it("takes a file at the root from a deployment folder when it defines the frame's function", () => {
    // Fresh-user trial 41: `at handler (/app/server.js:2:19)` and `File "/srv/shop/main.py", in
    // main` were "no stack frame of the report in this repository".
    const defined: Record<string, string[]> = { 'server.js': ['handler'], 'main.py': ['main'] };
    const root = {
      ...frameFileLookup(['server.js', 'main.py', 'index.js', 'src/cart.js'], 'checkout'),
      defines: (file: string, name: string) => defined[file]?.includes(name) ?? false,
    };
    expect(resolveFramePath(root, ['app', 'server.js'], 'handler')).toBe('server.js');
    expect(resolveFramePath(root, ['app', 'server.js'], 'Object.handler')).toBe('server.js');
    expect(resolveFramePath(root, ['srv', 'shop', 'main.py'], 'main')).toBe('main.py');
    expect(resolveFramePath(root, ['app', 'server.js'], 'listen')).toBeNull();
    expect(resolveFramePath(root, ['app', 'server.js'])).toBeNull();
    expect(resolveFramePath(root, ['usr', 'lib', 'node', 'index.js'], 'Module._load')).toBeNull();
  });

  it('resolves a JVM frame by its package path under a source root, else by its file name', () => {
    const jvm = frameFileLookup(['app/src/main/kotlin/com/shop/Cart.kt', 'app/Main.kt']);
    const frame = (module: string, file: string) => ({ module, file, inApp: true, raw: '' });
    expect(resolveFrame(jvm, frame('com.shop.Cart', 'Cart.kt'))).toBe(
      'app/src/main/kotlin/com/shop/Cart.kt',
    );
    expect(resolveFrame(jvm, frame('com.shop.Main', 'Main.kt'))).toBe('app/Main.kt');
    expect(resolveFrame(jvm, frame('com.other.Lib', 'Lib.kt'))).toBeNull();
    expect(resolveFrame(jvm, { inApp: true, raw: '0x1234' })).toBeUndefined();
  });

  it('maps a frame and ignores frames of other packages', () => {
    const frame = { file: '/p/node_modules/mylib/lib/cli.js', line: 4, inApp: false, raw: '' };
    expect(mapFrame(index, frame, { packageName: 'mylib' })).toEqual({
      path: 'lib/cli.js',
      line: 4,
      via: 'path',
    });
    expect(mapFrame(index, frame, { packageName: 'other' })).toBeNull();
  });

  it("maps a deployed root file's frame by the function the index says the file defines", () => {
    const deployed = indexOf(['server.js', 'lib/cli.js']);
    const server = deployed.files.get('server.js');
    if (!server) throw new Error('no server.js');
    server.definitions = [
      {
        name: 'handler',
        kind: 'function',
        lines: [1, 3],
        path: 'server.js',
        scope: [],
        signature: 'function handler(req)',
      },
    ];
    const frame = { file: '/app/server.js', line: 2, function: 'handler', inApp: true, raw: '' };
    expect(mapFrame(deployed, frame)).toEqual({ path: 'server.js', line: 2, via: 'path' });
    expect(mapFrame(deployed, { ...frame, function: 'listen' })).toBeNull();
  });
});

// Failure class 5 of issue #33: a frame into compiled `dist/` output the repository does not hold
// (no source map) is the source file of the same module path, not a text match.
describe('mapFrame: build output absent from the tree', () => {
  const source = indexOf([
    'src/utils/merge.ts',
    'src/index.ts',
    'src/types.ts',
    'test/merge.test.ts',
  ]);

  it('maps a dist/ frame to the source file it was compiled from', () => {
    const frame = {
      file: '/app/node_modules/deepkit/dist/esm/utils/merge.js',
      line: 40,
      function: 'mergeDeep',
      inApp: false,
      raw: '',
    };
    expect(mapFrame(source, frame, { packageName: 'deepkit' })).toEqual({
      path: 'src/utils/merge.ts',
      via: 'twin',
    });
  });

  it('maps nothing for a missing file outside build output, or with no source of that path', () => {
    const outside = {
      file: '/app/node_modules/deepkit/utils/merge.js',
      line: 4,
      inApp: false,
      raw: '',
    };
    expect(mapFrame(source, outside, { packageName: 'deepkit' })).toBeNull();
    const unknown = {
      file: '/app/node_modules/deepkit/dist/cjs/cli.js',
      line: 4,
      inApp: false,
      raw: '',
    };
    expect(mapFrame(source, unknown, { packageName: 'deepkit' })).toBeNull();
  });
});

describe('mapFrame with long function names', () => {
  const source = indexOf(['src/utils/merge.ts', 'src/index.ts']);
  const frame = (fn: string) => ({
    file: '/app/node_modules/deepkit/dist/esm/utils/merge.js',
    line: 40,
    function: fn,
    inApp: false,
    raw: '',
  });

  it('reads a method alias, and a name of a million spaces before `]`, as V8 prints them', () => {
    const plain = mapFrame(source, frame('mergeDeep'), { packageName: 'deepkit' });
    expect(plain).toEqual({ path: 'src/utils/merge.ts', via: 'twin' });
    expect(
      mapFrame(source, frame('Object.mergeDeep [as merge]'), { packageName: 'deepkit' }),
    ).toEqual(plain);
    expect(
      mapFrame(source, frame(`a${' '.repeat(1_000_000)}]`), { packageName: 'deepkit' }),
    ).toEqual(plain);
  });
});

// Failure class 3 of issue #33: frames printed without a source file. A JVM frame `(Unknown
// Source)` still names its class; a stripped native build still names its symbol.
describe('mapFrame: frames without a file', () => {
  const files = new Map<string, IndexedFile>(
    [
      ['src/com/shop/cart/Cart.java', 'total'],
      ['app/src/main/kotlin/com/shop/Prices.kt', 'round'],
      ['src/cache.c', 'cache_get'],
      ['include/queue.h', 'queue_pop'],
      ['src/queue.c', 'queue_pop'],
      ['src/server.c', 'main'],
    ].map(([file = '', name = '']) => [
      file,
      {
        path: file,
        language: 'c',
        size: 1,
        lineCount: 30,
        mtimeMs: 0,
        definitions: [
          { name, kind: 'function', path: file, lines: [12, 20], scope: [], signature: name },
        ],
        references: [],
      },
    ]),
  );
  const index: RepositoryIndex = { root: '/nonexistent-root', files, skipped: [] };
  const frame = (fields: Partial<Frame>): Frame => ({ inApp: true, raw: '', ...fields });

  it("maps a JVM frame by its class's source file, inner classes and Kotlin file classes too", () => {
    expect(
      mapFrame(index, frame({ module: 'com.shop.cart.Cart$Line', function: 'total' })),
    ).toEqual({ path: 'src/com/shop/cart/Cart.java', line: 12, via: 'path' });
    expect(mapFrame(index, frame({ module: 'com.shop.PricesKt', function: 'round' }))).toEqual({
      path: 'app/src/main/kotlin/com/shop/Prices.kt',
      line: 12,
      via: 'path',
    });
    expect(mapFrame(index, frame({ module: 'org.other.Cart', function: 'x' }))).toBeNull();
  });

  it('maps an in-app native symbol to its definition, and nothing of a library', () => {
    expect(mapFrame(index, frame({ module: './server *:6379', function: 'cache_get' }))).toEqual({
      path: 'src/cache.c',
      line: 12,
      via: 'symbol',
    });
    expect(
      mapFrame(index, frame({ module: '/lib/libc.so.6', function: 'cache_get', inApp: false })),
    ).toBeNull();
    expect(mapFrame(index, frame({ module: './server' }))).toBeNull();
    // Trial 33: the header's prototype is no definition when a source file has the body.
    expect(mapFrame(index, frame({ module: './server', function: 'queue_pop' }))).toEqual({
      path: 'src/queue.c',
      line: 12,
      via: 'symbol',
    });
  });
});
