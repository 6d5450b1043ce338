import { describe, expect, it } from 'vitest';
import { fileRole } from './file-role.js';

describe('fileRole', () => {
  it('tells source from tests, auxiliary code, declarations and non-code', () => {
    expect(
      [
        'lib/test.js',
        'test/parse.js',
        'src/a.test.ts',
        'pkg/foo_test.go',
        'internal/testutil/server.go',
        'src/FooTest.java',
        'examples/x.js',
        'docs/a.js',
        'parser/testdata/input.go',
        'scripts/build.js',
        'index.d.ts',
        'README.md',
        'test.js',
        'rollup.config.js',
        'packages/core/webpack.config.ts',
        'karma.conf.js',
        'Gruntfile.js',
        'src/app.config.ts',
      ].map((file) => fileRole(file, file.endsWith('.md') ? null : 'javascript')),
    ).toEqual([
      'source',
      'test',
      'test',
      'test',
      'test',
      'test',
      'auxiliary',
      'auxiliary',
      'auxiliary',
      'auxiliary',
      'declaration',
      'other',
      'test',
      'auxiliary',
      'auxiliary',
      'auxiliary',
      'auxiliary',
      'source',
    ]);
  });

  it('counts source files of languages without a parser as source, not as other files', () => {
    expect(
      [
        'ios/RNSScreenStack.mm',
        'RNDeviceInfo/RNDeviceInfo.m',
        'ios/Video/RCTVideo.swift',
        'lib/widget.dart',
        'src/core.clj',
        'package.json',
        'ios/Podfile.lock',
      ].map((file) => fileRole(file, null)),
    ).toEqual(['source', 'source', 'source', 'source', 'source', 'other', 'other']);
  });
});
