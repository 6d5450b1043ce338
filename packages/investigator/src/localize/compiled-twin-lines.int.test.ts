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
    'export function parseQuantity(raw: string | undefined): number {',
    '  const value: number = Number.parseInt(raw!.trim(), 10);',
    '  if (Number.isNaN(value)) throw new RangeError("bad quantity " + raw);',
    '  return value;',
    '}',
    '',
    'export function warn(code: string, detail?: string): void {',
    '  console.warn("cart: " + code, detail as string);',
    '  console.warn("cart: " + code, (detail as string).length);',
    '}',
    '',
    'export function activeCodes(entry: { codes?: string[] }): string[] {',
    '  const codes: string[] = entry.codes!.filter(',
    '    (code: string): boolean => code.trim().length > 0,',
    '  );',
    '  return codes;',
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
    'exports.applyDiscount = applyDiscount;',
    'function parseQuantity(raw) {',
    '    var value = Number.parseInt(raw.trim(), 10);',
    '    if (Number.isNaN(value))',
    '        throw new RangeError("bad quantity " + raw);',
    '    return value;',
    '}',
    'function warn(code, detail) {',
    '    console.warn("cart: " + code, detail);',
    '    console.warn("cart: " + code, detail.length);',
    '}',
    'function activeCodes(entry) {',
    '    const codes = entry.codes.filter((code) => code.trim().length > 0);',
    '    return codes;',
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
    // Line 8 is the compiled signature, without its types: the signature's own line.
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

  it('finds a statement whose TypeScript syntax the compiler removed', () => {
    // Left by stop 67's fix: a line the compiler changed (a type annotation, a non-null `!`,
    // `const` written `var`) was not found, and the frame named the function's signature.
    expect(mapFrame(index, frame(15, 'parseQuantity'))).toEqual({
      path: 'src/cart.ts',
      line: 12,
      via: 'twin',
    });
  });

  it("falls back to the function's first line when the stripped statement fits two lines", () => {
    // `console.warn("cart: " + code, detail)` is, token by token, inside both source lines.
    expect(mapFrame(index, frame(21, 'warn'))).toEqual({
      path: 'src/cart.ts',
      line: 17,
      via: 'twin',
    });
  });

  it('finds a statement the compiler joined from several source lines', () => {
    // Trial 48: a call whose callback stood on lines of its own is one compiled line, found on
    // no single source line; the frame named the function's signature.
    expect(mapFrame(index, frame(25, 'activeCodes'))).toEqual({
      path: 'src/cart.ts',
      line: 23,
      via: 'twin',
    });
    expect(mapFrame(index, frame(25, '<anonymous>'))).toEqual({
      path: 'src/cart.ts',
      line: 23,
      via: 'twin',
    });
  });
});
