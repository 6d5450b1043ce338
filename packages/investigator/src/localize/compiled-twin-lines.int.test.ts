/**
 * A frame into a compiled copy on disk that the index leaves out (`dist/cart.js` of `src/cart.ts`,
 * no source map): the copy's line is looked up in its twin, so the frame names the statement that
 * raised, not the function's signature (fresh-user trial 44).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapFrame } from './frame-paths.js';

const FILES: Record<string, string> = {
  'package.json': '{"name": "shop-api"}\n',
  'src/cart.ts': [
    'export function total(prices: number[]): number {',
    '  return prices.reduce((sum, price) => sum + price, 0);',
    '}',
    '',
    'export function applyDiscount(total: number, code: string): number {',
    '  const normalized = code.trim().toUpperCase();',
    "  if (normalized === 'HALF') return total / 2;",
    '  return total;',
    '}',
    '',
  ].join('\n'),
  'dist/cart.js': [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'exports.applyDiscount = exports.total = void 0;',
    'function total(prices) {',
    '    return prices.reduce((sum, price) => sum + price, 0);',
    '}',
    'exports.total = total;',
    'function applyDiscount(total, code) {',
    '    const normalized = code.trim().toUpperCase();',
    "    if (normalized === 'HALF') return total / 2;",
    '    return total;',
    '}',
    '',
  ].join('\n'),
};

let root: string;
let index: RepositoryIndex;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-compiled-twin-'));
  for (const [relative, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
  index = await indexRepository(root, { cacheDir: false });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const frame = (line: number, fn = 'applyDiscount') => ({
  file: '/srv/app/dist/cart.js',
  line,
  column: 29,
  function: fn,
  inApp: true,
  raw: '',
});

describe('mapFrame: a frame into a compiled copy the index leaves out', () => {
  it("names the twin's line the copy's statement came from", () => {
    expect(index.files.has('dist/cart.js')).toBe(false);
    expect(mapFrame(index, frame(9))).toEqual({ path: 'src/cart.ts', line: 6, via: 'twin' });
  });

  it("falls back to the named function's first line when the statement is not found once", () => {
    // Line 8 is the compiled signature, without its types: not a line of the source.
    expect(mapFrame(index, frame(8))).toEqual({ path: 'src/cart.ts', line: 5, via: 'twin' });
    // `return total;` is too short to identify a line.
    expect(mapFrame(index, frame(11))).toEqual({ path: 'src/cart.ts', line: 5, via: 'twin' });
  });

  it('looks in the whole twin when the function is anonymous', () => {
    expect(mapFrame(index, frame(5, '<anonymous>'))).toEqual({
      path: 'src/cart.ts',
      line: 2,
      via: 'twin',
    });
  });
});
