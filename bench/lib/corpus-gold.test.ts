import { describe, expect, it } from 'vitest';
import { goldFromDiff, goldLanguage, isTestPath, languageOf } from './corpus-gold.js';

const diff = `diff --git a/src/parse.ts b/src/parse.ts
index 1111111..2222222 100644
--- a/src/parse.ts
+++ b/src/parse.ts
@@ -10,2 +10,3 @@ export function parse(text: string) {
-  const a = 1;
-  const b = 2;
+  const a = 3;
+  const b = 4;
+  const c = 5;
@@ -12,0 +14,2 @@ export function parse(text: string) {
+  check(a);
+  check(b);
@@ -40 +43 @@ function other() {
-  return 1;
+  return 2;
diff --git a/src/parse.test.ts b/src/parse.test.ts
index 3333333..4444444 100644
--- a/src/parse.test.ts
+++ b/src/parse.test.ts
@@ -1 +1 @@
-it('a')
+it('b')
diff --git a/src/new-helper.ts b/src/new-helper.ts
new file mode 100644
index 0000000..5555555
--- /dev/null
+++ b/src/new-helper.ts
@@ -0,0 +1 @@
+export const helper = 1;
diff --git a/README.md b/README.md
index 6666666..7777777 100644
--- a/README.md
+++ b/README.md
@@ -3 +3 @@
-old
+new
`;

describe('goldFromDiff', () => {
  it('keeps changed lines of existing non-test source files, parent side, insertions on their line', () => {
    expect(goldFromDiff(diff)).toEqual([
      {
        file: 'src/parse.ts',
        changed: [
          [10, 12],
          [40, 40],
        ],
      },
    ]);
  });
});

describe('isTestPath', () => {
  it('recognizes test files and folders of several ecosystems', () => {
    const tests = [
      'src/test/java/com/acme/FooTest.java',
      'pkg/parse_test.go',
      'tests/test_api.py',
      'lib/__tests__/x.js',
      'src/x.spec.ts',
      'app/src/androidTest/java/A.kt',
      'spec/models/user_spec.rb',
      'benches/speed.rs',
    ];
    const code = [
      'src/main/java/com/acme/Foo.java',
      'pkg/parse.go',
      'lib/testing-utils.js',
      'src/contest.py',
    ];
    expect(tests.filter(isTestPath)).toEqual(tests);
    expect(code.filter(isTestPath)).toEqual([]);
  });
});

describe('languages', () => {
  it('names a file by extension and a case by most of its gold files', () => {
    expect([
      languageOf('a/B.kt'),
      languageOf('x.hpp'),
      languageOf('README.md'),
      languageOf('Makefile'),
    ]).toEqual(['kotlin', 'cpp', undefined, undefined]);
    expect(goldLanguage([{ file: 'a.rs' }, { file: 'b.rs' }, { file: 'c.c' }])).toBe('rust');
    expect(goldLanguage([{ file: 'a.h' }, { file: 'b.h' }, { file: 'c.cc' }])).toBe('cpp');
    expect(goldLanguage([{ file: 'a.h' }])).toBe('c');
  });
});
