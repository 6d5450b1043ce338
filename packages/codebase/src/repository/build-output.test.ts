import { describe, expect, it } from 'vitest';
import { buildFolderOf, generatedBuildFolders } from './build-output.js';

describe('generatedBuildFolders', () => {
  it('leaves out a build folder compiled from source the repository holds', () => {
    expect(
      generatedBuildFolders([
        'src/index.ts',
        'src/parse.ts',
        'dist/esm/index.js',
        'dist/esm/parse.js',
        'dist/esm/index.d.ts',
        'dist/commonjs/index.js',
      ]),
    ).toEqual(new Set(['dist']));
  });

  it('keeps a published package whose code lives only in its build folder', () => {
    expect(
      generatedBuildFolders([
        'index.js',
        'package.json',
        'build/index.cjs',
        'build/parser.cjs',
        'build/lexer.cjs',
        'README.md',
      ]),
    ).toEqual(new Set());
  });

  it('counts a bundle named after the project as generated when source exists', () => {
    expect(generatedBuildFolders(['lib/parser.js', 'dist/tiny-md.cjs'], 'tiny-md')).toEqual(
      new Set(['dist']),
    );
    expect(generatedBuildFolders(['README.md', 'dist/tiny-md.cjs'], 'tiny-md')).toEqual(new Set());
  });

  it('judges each build folder of a monorepo on its own', () => {
    expect(
      generatedBuildFolders([
        'packages/a/src/a.ts',
        'packages/a/dist/a.js',
        'packages/b/dist/b.js',
      ]),
    ).toEqual(new Set(['packages/a/dist']));
    expect(buildFolderOf('packages/a/dist/esm/a.js')).toBe('packages/a/dist');
    expect(buildFolderOf('src/a.ts')).toBeNull();
  });
});
