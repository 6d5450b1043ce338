import type { IndexedFile, RepoIndex } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { framePathSegments, mapFrame, matchIndexedPath } from './frame-paths.js';

function indexOf(paths: string[]): RepoIndex {
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

describe('matchIndexedPath', () => {
  const index = indexOf([
    'lib/cli.js',
    'lib/eslint/eslint.js',
    'lib/eslint/flat-eslint.js',
    'src/index.js',
    'test/index.js',
  ]);

  it('takes the file sharing the longest suffix of segments', () => {
    expect(
      matchIndexedPath(index, ['home', 'user', 'project', 'lib', 'eslint', 'flat-eslint.js']),
    ).toBe('lib/eslint/flat-eslint.js');
    expect(matchIndexedPath(index, ['app', 'src', 'index.js'])).toBe('src/index.js');
  });

  it('refuses ambiguous and folder-mismatched matches', () => {
    expect(matchIndexedPath(index, ['index.js'])).toBeNull();
    expect(matchIndexedPath(index, ['node_modules', 'eslint', 'bin', 'eslint.js'])).toBeNull();
    expect(matchIndexedPath(index, ['lib', 'missing.js'])).toBeNull();
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
});
