import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grep } from './grep.js';

const fixture = fileURLToPath(new URL('./__fixtures__/repo', import.meta.url));

describe('grep', () => {
  it('groups matches by file with 1-based line numbers, case-insensitive by default', async () => {
    expect(await grep(fixture, 'carttotal')).toEqual({
      text: [
        '3 matches in 2 files for /carttotal/i in the repository:',
        'docs/notes.txt',
        '  1│ cartTotal is computed in src/cart.ts',
        'src/cart.ts',
        '   9│ export function cartTotal(items: LineItem[]): number {',
        "  14│   return 'Total: ' + formatPrice(cartTotal(items));",
      ].join('\n'),
      files: [
        {
          path: 'docs/notes.txt',
          matches: [{ line: 1, text: 'cartTotal is computed in src/cart.ts' }],
          contextLines: [],
        },
        {
          path: 'src/cart.ts',
          matches: [
            { line: 9, text: 'export function cartTotal(items: LineItem[]): number {' },
            { line: 14, text: "  return 'Total: ' + formatPrice(cartTotal(items));" },
          ],
          contextLines: [],
        },
      ],
      matchCount: 3,
      truncated: false,
    });
  });

  it('narrows by path, glob and case', async () => {
    const inSource = await grep(fixture, 'cartTotal', {
      path: 'src',
      glob: '*.ts',
      caseSensitive: true,
    });
    expect(inSource).toMatchObject({ matchCount: 2, files: [{ path: 'src/cart.ts' }] });
    expect(await grep(fixture, 'CARTTOTAL', { caseSensitive: true })).toMatchObject({
      matchCount: 0,
    });
    expect(await grep(fixture, 'price', { glob: 'src/util/**' })).toMatchObject({
      files: [{ path: 'src/util/format.ts' }],
    });
  });

  it('caps the results and says how to see more', async () => {
    expect(await grep(fixture, 'export', { maxResults: 2 })).toEqual({
      text: [
        'The first 2 matches in 1 file for /export/i in the repository:',
        'src/cart.ts',
        '  3│ export interface LineItem {',
        '  9│ export function cartTotal(items: LineItem[]): number {',
        '[Showing the first 2 matches; there are more. Use a more specific pattern, pass path or glob, or raise maxResults (up to 500).]',
      ].join('\n'),
      files: [
        {
          path: 'src/cart.ts',
          matches: [
            { line: 3, text: 'export interface LineItem {' },
            { line: 9, text: 'export function cartTotal(items: LineItem[]): number {' },
          ],
          contextLines: [],
        },
      ],
      matchCount: 2,
      truncated: true,
    });
  });

  it('shows context lines numbered like read_file, matches marked, gaps marked', async () => {
    const result = await grep(fixture, 'export (interface|function describeCart)', {
      path: 'src/cart.ts',
      context: 1,
    });
    expect(result).toMatchObject({
      text: [
        '2 matches in 1 file for /export (interface|function describeCart)/i in "src/cart.ts" (1 line of context, matches marked >):',
        'src/cart.ts',
        '   2│ ',
        '>  3│ export interface LineItem {',
        '   4│   price: number;',
        '  …',
        '  12│ ',
        '> 13│ export function describeCart(items: LineItem[]): string {',
        "  14│   return 'Total: ' + formatPrice(cartTotal(items));",
      ].join('\n'),
      matchCount: 2,
      truncated: false,
    });
  });

  it('refuses context outside 0-5 with a model-readable error', async () => {
    const result = await grep(fixture, 'cart', { context: 9 });
    expect(result).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });

  it('says so when nothing matched, suggesting caseSensitive=false only for a case-sensitive search', async () => {
    // Found by a fresh-user trial: a search that ignored case already was told to try
    // caseSensitive=false.
    expect(await grep(fixture, 'checkoutSummary', { path: 'src' })).toEqual({
      text: 'No matches for /checkoutSummary/i in "src". Check the spelling, try a shorter pattern or a wider path.',
      files: [],
      matchCount: 0,
      truncated: false,
    });
    expect(await grep(fixture, 'CARTTOTAL', { caseSensitive: true })).toEqual({
      text: 'No matches for /CARTTOTAL/ in the repository. Check the spelling, try a shorter pattern, caseSensitive=false, or a wider path.',
      files: [],
      matchCount: 0,
      truncated: false,
    });
  });

  it('keeps the text within the token budget', async () => {
    const result = await grep(fixture, 'e', { maxOutputTokens: 60 });
    if (!('text' in result)) throw new Error(result.error.message);
    expect(result.truncated).toBe(true);
    expect(result.text).toContain('[Showing the first');
    expect(countTokens(result.text)).toBeLessThanOrEqual(60);
  });
});

describe('grep on a repository with ignored and vendored files', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sightline-grep-'));
    await cp(fixture, root, { recursive: true });
    await writeFile(path.join(root, '.gitignore'), 'generated/\n*.log\n');
    for (const file of [
      'generated/cart.ts',
      'debug.log',
      'node_modules/pkg/cart.js',
      '.github/cart.yml',
    ]) {
      await cp(path.join(fixture, 'src/cart.ts'), path.join(root, file), { recursive: true });
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('honours .gitignore and skips vendored folders but searches hidden ones', async () => {
    const result = await grep(root, 'describeCart');
    expect('files' in result && result.files.map((file) => file.path)).toEqual([
      '.github/cart.yml',
      'src/cart.ts',
    ]);
  });
});
