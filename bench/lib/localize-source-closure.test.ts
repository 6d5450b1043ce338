import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceClosure, sourceClosureHash } from './localize-source-closure.js';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A workspace with files (path → text) and a package `@sightline/lib` exporting its barrel. */
function workspace(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'closure-'));
  const all = {
    'packages/lib/package.json': JSON.stringify({
      exports: { '.': { '@sightline/source': './src/index.ts' } },
    }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const relative = (files: string[]) => files.map((file) => path.relative(root, file));

describe('sourceClosure', () => {
  it('follows a barrel only towards the names used, and skips type-only imports', () => {
    const dir = workspace({
      'bench/rows.ts': [
        "import type { Shape } from '@sightline/lib';",
        "import { score, type Other } from '@sightline/lib';",
        'export const run = (shape: Shape) => score(shape);',
      ].join('\n'),
      'packages/lib/src/index.ts': [
        "export { score } from './score.js';",
        "export * from './history.js';",
        "export type { Shape } from './types.js';",
      ].join('\n'),
      'packages/lib/src/score.ts':
        "import { weight } from './weights.js';\nexport function score() { return weight; }",
      'packages/lib/src/weights.ts': 'export const weight = 2;',
      'packages/lib/src/history.ts': 'export function blame() {}',
      'packages/lib/src/types.ts': 'export interface Shape { a: number }',
    });
    expect(relative(sourceClosure(dir, path.join(dir, 'bench/rows.ts')))).toEqual([
      'bench/rows.ts',
      'packages/lib/src/score.ts',
      'packages/lib/src/weights.ts',
    ]);
  });

  it('finds a name through `export *` and renamed re-exports, and leaves out excluded files', () => {
    const dir = workspace({
      'bench/rows.ts': "import { lookup } from '@sightline/lib';\nlookup();",
      'packages/lib/src/index.ts': "export * from './inner/index.js';",
      'packages/lib/src/inner/index.ts': "export { find as lookup } from './find.js';",
      'packages/lib/src/inner/find.ts':
        "import model from './model.json' with { type: 'json' };\nexport function find() { return model; }",
      'packages/lib/src/inner/model.json': '{}',
    });
    expect(relative(sourceClosure(dir, path.join(dir, 'bench/rows.ts')))).toEqual([
      'bench/rows.ts',
      'packages/lib/src/inner/find.ts',
      'packages/lib/src/inner/model.json',
    ]);
    expect(relative(sourceClosure(dir, path.join(dir, 'bench/rows.ts'), /model\.json$/))).toEqual([
      'bench/rows.ts',
      'packages/lib/src/inner/find.ts',
    ]);
  });

  it('changes the hash when a dependency changes, not when an unrelated module does', () => {
    const dir = workspace({
      'bench/rows.ts': "import { score } from '@sightline/lib';\nscore();",
      'packages/lib/src/index.ts':
        "export { score } from './score.js';\nexport { blame } from './history.js';",
      'packages/lib/src/score.ts': 'export function score() { return 1; }',
      'packages/lib/src/history.ts': 'export function blame() {}',
    });
    const entry = path.join(dir, 'bench/rows.ts');
    const before = sourceClosureHash(dir, entry);
    writeFileSync(path.join(dir, 'packages/lib/src/history.ts'), 'export function blame() { 1; }');
    expect(sourceClosureHash(dir, entry)).toBe(before);
    writeFileSync(path.join(dir, 'packages/lib/src/score.ts'), 'export function score() { 2; }');
    expect(sourceClosureHash(dir, entry)).not.toBe(before);
  });
});
