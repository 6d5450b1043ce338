import { describe, expect, it } from 'vitest';
import { fileRole } from './file-role.js';
import { LANGUAGES, languageForPath } from './languages.js';

describe('languageForPath', () => {
  it.each([
    ['src/a.ts', 'typescript'],
    ['src/a.mts', 'typescript'],
    ['src/a.cts', 'typescript'],
    ['src/a.d.ts', 'typescript'],
    ['src/App.tsx', 'tsx'],
    ['src/a.js', 'javascript'],
    ['src/a.mjs', 'javascript'],
    ['src/a.cjs', 'javascript'],
    ['src/App.jsx', 'javascript'],
    ['lib/a.py', 'python'],
    ['cmd/main.go', 'go'],
    ['src/lib.rs', 'rust'],
    ['src/Main.java', 'java'],
    ['src/Program.cs', 'csharp'],
    ['lib/a.rb', 'ruby'],
    ['index.php', 'php'],
    ['src/a.c', 'c'],
    ['src/a.cpp', 'cpp'],
    ['src/a.hpp', 'cpp'],
    ['src/Main.kt', 'kotlin'],
    ['ios/RNViewManager.m', 'objc'],
    ['ios/RNViewManager.mm', 'objc'],
    ['Sources/App.swift', 'swift'],
    ['SRC/UPPER.TS', 'typescript'],
  ])('%s is %s', (file, id) => {
    expect(languageForPath(file)?.id).toBe(id);
  });

  it('returns null for unknown extensions', () => {
    expect(languageForPath('README.md')).toBeNull();
    expect(languageForPath('Makefile')).toBeNull();
  });

  it('reads a .h header as C unless its content is C++', () => {
    expect(languageForPath('a.h')?.id).toBe('c');
    expect(languageForPath('a.h', 'typedef struct s { int a; } s_t;\nint f(void);\n')?.id).toBe(
      'c',
    );
    expect(languageForPath('a.h', 'namespace n {\nclass A {};\n}\n')?.id).toBe('cpp');
    expect(languageForPath('a.h', 'template <typename T> T max(T a, T b);\n')?.id).toBe('cpp');
    // A line's leading blank stays on its line: blank lines before a C++ line, and none after.
    expect(languageForPath('a.h', `${'\n'.repeat(50_000)}  class A {};\n`)?.id).toBe('cpp');
    expect(languageForPath('a.h', `int f(void);\n${'  \n'.repeat(50_000)}`)?.id).toBe('c');
  });

  it('reads a .m file as Objective-C unless it is MATLAB code', () => {
    expect(languageForPath('ios/Foo.m', '#import "Foo.h"\n@implementation Foo\n@end\n')?.id).toBe(
      'objc',
    );
    expect(
      languageForPath('src/main.m', '#include <stdio.h>\nint main(void) { return 0; }\n')?.id,
    ).toBe('objc');
    expect(languageForPath('ios/Foo.m')?.id).toBe('objc');
    const matlab = '% Solve the system\nfunction x = solve(A, b)\n  x = A \\ b;\nend\n';
    expect(languageForPath('solve.m', matlab)).toBeNull();
    expect(fileRole('solve.m', null)).toBe('source');
  });

  it('reads a .h header that declares an Objective-C class or protocol as Objective-C', () => {
    const objc = (content: string) => languageForPath('a.h', content)?.id;
    expect(objc('#import <UIKit/UIKit.h>\n@interface Foo : UIView\n@end\n')).toBe('objc');
    expect(objc('@protocol Bar <NSObject>\n- (void)run;\n@end\n')).toBe('objc');
    expect(objc('@class Foo, Bar;\nvoid run(Foo *foo);\n')).toBe('objc');
    expect(objc('@interface UIColor (Blend) <Blendable> @end\n')).toBe('objc');
    // Before C++: an Objective-C++ header with a C++ class is still read by the Objective-C grammar.
    expect(objc('class A {};\n  @class Foo;\n')).toBe('objc');
    // Doxygen's commands in a C or C++ header's comments: no `@end`, no semicolon.
    expect(objc('/*!\n@interface Queue\n@class Queue queue.h\n*/\nint f(void);\n')).toBe('c');
    expect(objc('/* see @interface docs */\nint f(void);\n')).toBe('c');
    expect(objc(`${'\n'.repeat(50_000)}@interface A\n@end\n`)).toBe('objc');
    expect(objc(`@interface${' '.repeat(50_000)}\n`)).toBe('c');
  });
});

describe('LANGUAGES', () => {
  it('says which languages are unsupported and why', () => {
    const unsupported = LANGUAGES.filter((language) => !language.supported);
    expect(unsupported.map((language) => language.id)).toEqual(['swift']);
    expect(unsupported[0]?.reason).toMatch(/wasm/);
    expect(unsupported[0]?.grammar).toBeUndefined();
  });

  it('gives every supported language a grammar and no extension twice', () => {
    for (const language of LANGUAGES.filter((item) => item.supported)) {
      expect(language.grammar?.wasm, language.id).toMatch(/\.wasm$/);
    }
    const extensions = LANGUAGES.flatMap((language) => language.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});
