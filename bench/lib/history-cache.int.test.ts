import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceKey } from './history-cache.js';
import { sourceClosure } from './localize-source-closure.js';
import { BENCH_DIR } from './npm-pack.js';

const ROOT = path.resolve(BENCH_DIR, '..');
const WINDOW_ENTRIES = [
  'packages/codebase/src/history/regression-window.ts',
  'bench/lib/history-windows.ts',
];

describe('sourceKey', () => {
  it('covers the modules the window code imports, which the hand-written list missed', () => {
    const closure = new Set(
      WINDOW_ENTRIES.flatMap((entry) =>
        sourceClosure(ROOT, path.join(ROOT, entry)).map((file) => path.relative(ROOT, file)),
      ),
    );
    for (const file of [
      'packages/codebase/src/history/regression-window.ts',
      'packages/codebase/src/history/gate-commit-texts.ts',
      'packages/codebase/src/history/run-git.ts',
      'packages/codebase/src/history/safe-directories.ts',
      'packages/codebase/src/history/version-mentions.ts',
      'bench/lib/history-windows.ts',
    ])
      expect(closure).toContain(file);
  });

  it('is 16 hex digits, the same for the same entries and another for others', () => {
    const key = sourceKey(WINDOW_ENTRIES);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(sourceKey(WINDOW_ENTRIES)).toBe(key);
    expect(sourceKey(WINDOW_ENTRIES.slice(0, 1))).not.toBe(key);
  });

  it('leaves out what it is told to, and throws for an entry that is not there', () => {
    const entries = ['bench/lib/history-case.ts'];
    expect(sourceKey(entries, /\/packages\/investigator\//)).not.toBe(sourceKey(entries));
    expect(() => sourceKey(['bench/lib/no-such-module.ts'])).toThrow(/ENOENT/);
  });
});
