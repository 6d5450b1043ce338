import { describe, expect, it } from 'vitest';
import { fileRole, majorityCodeFolders } from './file-role.js';

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
        'src/main/scala/Parser.scala',
        'lib/Router.ex',
        'ios/Video/RCTVideo.swift',
        'lib/widget.dart',
        'src/core.clj',
        'package.json',
        'ios/Podfile.lock',
      ].map((file) => fileRole(file, null)),
    ).toEqual(['source', 'source', 'source', 'source', 'source', 'other', 'other']);
    // Objective-C is parsed now: its files carry their language.
    expect(fileRole('RNDeviceInfo/RNDeviceInfo.m', 'objc')).toBe('source');
  });

  describe('in a repository', () => {
    /** Each file's role, read with the repository's majority folders. */
    const roles = (paths: string[]) => {
      const files = paths.map((path) => ({
        path,
        language: path.endsWith('.md') ? null : 'java',
        lineCount: 100,
      }));
      const folders = majorityCodeFolders(files);
      return Object.fromEntries(
        files.map((file) => [file.path, fileRole(file.path, file.language, folders)]),
      );
    };

    it('reads an app whose package is com.example as source, its tests as tests', () => {
      const main = 'app/src/main/java/com/example/app';
      expect(
        roles([
          `${main}/MainActivity.java`,
          `${main}/ui/HomeFragment.java`,
          `${main}/data/Repository.java`,
          `${main}/fixtures/SampleData.java`,
          'app/src/test/java/com/example/app/RepositoryTest.java',
          'app/src/test/java/com/example/app/HomeTest.java',
          'app/src/test/java/com/example/app/MainTest.java',
          'app/src/androidTest/java/com/example/app/ExampleInstrumentedTest.java',
          'docs/guide.md',
        ]),
      ).toEqual({
        [`${main}/MainActivity.java`]: 'source',
        [`${main}/ui/HomeFragment.java`]: 'source',
        [`${main}/data/Repository.java`]: 'source',
        [`${main}/fixtures/SampleData.java`]: 'auxiliary',
        'app/src/test/java/com/example/app/RepositoryTest.java': 'test',
        'app/src/test/java/com/example/app/HomeTest.java': 'test',
        'app/src/test/java/com/example/app/MainTest.java': 'test',
        'app/src/androidTest/java/com/example/app/ExampleInstrumentedTest.java': 'test',
        'docs/guide.md': 'auxiliary',
      });
    });

    it("keeps a library's small examples folder auxiliary", () => {
      expect(
        roles([
          'src/Parser.java',
          'src/Lexer.java',
          'src/Node.java',
          'examples/Demo.java',
          'examples/samples/Other.java',
        ]),
      ).toEqual({
        'src/Parser.java': 'source',
        'src/Lexer.java': 'source',
        'src/Node.java': 'source',
        'examples/Demo.java': 'auxiliary',
        'examples/samples/Other.java': 'auxiliary',
      });
    });

    it('reads a repository of samples as its code, but not the docs inside a sample', () => {
      expect(
        roles([
          'samples/todo/Todo.java',
          'samples/todo/docs/Snippet.java',
          'samples/chat/Chat.java',
          'README.md',
        ]),
      ).toEqual({
        'samples/todo/Todo.java': 'source',
        'samples/todo/docs/Snippet.java': 'auxiliary',
        'samples/chat/Chat.java': 'source',
        'README.md': 'other',
      });
    });

    it('keeps docs and fixtures auxiliary even when they hold most of the code', () => {
      expect(
        roles([
          'packages/core/src/Core.java',
          'packages/core/src/Util.java',
          'docs/demos/A.java',
          'docs/demos/B.java',
          'docs/examples/C.java',
          'fixtures/Input.java',
        ]),
      ).toEqual({
        'packages/core/src/Core.java': 'source',
        'packages/core/src/Util.java': 'source',
        'docs/demos/A.java': 'auxiliary',
        'docs/demos/B.java': 'auxiliary',
        'docs/examples/C.java': 'auxiliary',
        'fixtures/Input.java': 'auxiliary',
      });
    });

    it('counts a majority as more than half of the non-test code files and of their lines', () => {
      const file = (path: string, lineCount = 100) => ({
        path,
        language: path.endsWith('.md') ? null : 'cpp',
        lineCount,
      });
      // Half the files is not most of them; a test and a README are not code files.
      expect(
        majorityCodeFolders([
          file('samples/a.cc'),
          file('samples/b.cc'),
          file('src/c.cc'),
          file('src/d.cc'),
          file('samples/README.md', 5_000),
          file('src/test/c_test.cc', 5_000),
        ]),
      ).toEqual(new Set());
      // A one-header library with more example files than its own (cpp-httplib): most files, few lines.
      expect(
        majorityCodeFolders([
          file('httplib.h', 10_000),
          file('example/client.cc', 60),
          file('example/server.cc', 90),
          file('example/upload.cc', 80),
        ]),
      ).toEqual(new Set());
      expect(
        majorityCodeFolders([
          file('lib/com/example/A.java'),
          file('lib/com/example/B.java'),
          file('src/C.java'),
        ]),
      ).toEqual(new Set(['lib/com/example/']));
    });
  });
});
