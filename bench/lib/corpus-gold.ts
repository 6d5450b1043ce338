/**
 * Gold locations of a corpus case from the real diff of its fix commit: the non-test source files
 * the fix changed that exist at the parent, with the changed lines on the parent's side.
 *
 * Test code is left out because it is not the defect (the rule: "non-test code only");
 * so are files that are not source code (docs, manifests, lock files, snapshots) and files the fix
 * created (they do not exist at the revision measured). A pure insertion is placed on the parent's
 * line after which it goes (line 1 for an insertion at the top), so it still points at a function.
 */
import { parsePatch } from 'diff';
import type { DevGold } from './localize-cases.js';

/** Source-file extensions and the language each counts toward. */
const LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  vue: 'javascript',
  svelte: 'javascript',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  groovy: 'groovy',
  clj: 'clojure',
  cljs: 'clojure',
  cljc: 'clojure',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  ipp: 'cpp',
  php: 'php',
  rb: 'ruby',
  cs: 'csharp',
  swift: 'swift',
  m: 'objective-c',
  mm: 'objective-c',
  dart: 'dart',
  ex: 'elixir',
  exs: 'elixir',
  lua: 'lua',
};

/** Folders that hold tests, fixtures or benchmarks in the ecosystems of the corpus. */
const TEST_FOLDER =
  /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testing|testdata|test-data|test_data|fixtures?|e2e|integration-tests?|androidTest|unitTest|benchmarks?|benches)(\/|$)/i;
/** File names of tests: `x.test.ts`, `x_test.go`, `FooTest.java`, `test_x.py`, `x_spec.rb`, … */
const TEST_FILE =
  /(\.(test|spec|e2e)\.[cm]?[jt]sx?$)|(_test\.(go|py|rb|exs|dart)$)|(^|\/)test_[^/]+\.py$|(_spec\.rb$)|((Test|Tests|TestCase|Spec|IT)\.(java|kt|scala|cs|swift|m)$)/;

/**
 * The language of a source file, by extension.
 * @returns the language, or `undefined` for a file that is not source code.
 */
export function languageOf(file: string): string | undefined {
  const extension = file.split('.').at(-1)?.toLowerCase() ?? '';
  return file.includes('.') ? LANGUAGES[extension] : undefined;
}

/** True for a test, fixture or benchmark file. */
export function isTestPath(file: string): boolean {
  return TEST_FOLDER.test(file) || TEST_FILE.test(file);
}

/** Merges overlapping or touching 1-based inclusive ranges. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * The gold of a fix from its unified diff (`git diff --unified=0 PARENT FIX`).
 * @param diff - the diff text.
 * @returns one entry per non-test source file that exists at the parent, with the changed lines
 *   (1-based, inclusive, parent side), in diff order.
 */
export function goldFromDiff(diff: string): DevGold[] {
  const gold: DevGold[] = [];
  for (const patch of parsePatch(diff)) {
    const oldName = patch.oldFileName?.replace(/^a\//, '') ?? '';
    if (!oldName || oldName === '/dev/null') continue;
    if (!languageOf(oldName) || isTestPath(oldName)) continue;
    // jsdiff reports a pure insertion's `oldStart` as the line before which it goes (git's
    // `-12,0` becomes 13); the gold line is the one after which it goes.
    const ranges = patch.hunks.map(({ oldStart, oldLines }): [number, number] => {
      if (oldLines > 0) return [oldStart, oldStart + oldLines - 1];
      const line = Math.max(1, oldStart - 1);
      return [line, line];
    });
    if (ranges.length === 0) continue;
    gold.push({ file: oldName, changed: mergeRanges(ranges) });
  }
  return gold;
}

/**
 * The language of a case: the language of most gold files (ties: the first file's; headers
 * `.h` count only when they are all there is).
 * @param gold - the gold.
 */
export function goldLanguage(gold: readonly DevGold[]): string {
  const counts = new Map<string, number>();
  // A `.h` header is C's or C++'s: it counts only when no other gold file says which.
  const decided = gold.filter((entry) => !entry.file.endsWith('.h'));
  for (const entry of decided.length > 0 ? decided : gold) {
    const language = languageOf(entry.file) ?? 'other';
    counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  let best = 'other';
  let bestCount = 0;
  for (const [language, count] of counts)
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  return best;
}
