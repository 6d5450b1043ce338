import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grep } from './grep.js';
import { readFile } from './read-file.js';

const fixture = fileURLToPath(new URL('./__fixtures__/repo', import.meta.url));

describe('readFile', () => {
  it('numbers the lines of a range and says how to read on', async () => {
    expect(await readFile(fixture, 'src/cart.ts', { startLine: 8, endLine: 11 })).toEqual({
      text: [
        'src/cart.ts (lines 8-11 of 15)',
        '   8│ /** Sums price times quantity. */',
        '   9│ export function cartTotal(items: LineItem[]): number {',
        '  10│   return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
        '  11│ }',
        '[Showing lines 8-11 of 15. To read on, call read_file with startLine=12.]',
      ].join('\n'),
      path: 'src/cart.ts',
      lines: [8, 11],
      totalLines: 15,
      truncated: false,
    });
  });

  it('refuses a file over the size cap alike in read_file and grep, pointing at neither', async () => {
    // Fresh-user trial 40: read_file said "use grep with path=…", and grep said "no matches".
    const expected = {
      code: 'FILE_TOO_LARGE',
      message:
        '"src/cart.ts" is 396 B; read_file and grep read files up to 100 B (the secret gate checks no larger file), so its lines cannot be shown. A file this large is usually generated, minified or data: look for the files it is built from (find_symbol, or grep over the rest of the repository).',
    };
    const limits = { maxFileBytes: 100 };
    expect(await readFile(fixture, 'src/cart.ts', limits)).toMatchObject({ error: expected });
    expect(await grep(fixture, 'cart', { ...limits, path: 'src/cart.ts' })).toMatchObject({
      error: expected,
    });
  });

  it('reads a whole small file and clamps endLine to its length', async () => {
    expect(await readFile(fixture, './src//util/format.ts', { endLine: 99 })).toEqual({
      text: [
        'src/util/format.ts (lines 1-4 of 4)',
        '   1│ /** Formats cents as dollars. */',
        '   2│ export function formatPrice(cents: number): string {',
        "   3│   return '$' + (cents / 100).toFixed(2);",
        '   4│ }',
      ].join('\n'),
      path: 'src/util/format.ts',
      lines: [1, 4],
      totalLines: 4,
      truncated: false,
    });
  });

  it('accepts an absolute path inside the root', async () => {
    const result = await readFile(fixture, path.join(fixture, 'README.md'));
    expect(result).toMatchObject({ path: 'README.md', lines: [1, 3], totalLines: 3 });
  });
});

describe('readFile on long, empty and CRLF files', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sightline-read-'));
    const long = Array.from({ length: 450 }, (_, index) => `line ${index + 1}`).join('\n');
    await writeFile(path.join(root, 'long.txt'), `${long}\n`);
    await writeFile(path.join(root, 'empty.txt'), '');
    await writeFile(path.join(root, 'crlf.txt'), 'one\r\ntwo\r\nthree');
    await mkdir(path.join(root, '.git', 'objects'), { recursive: true });
    await writeFile(path.join(root, '.env'), 'x'.repeat(2_000_000));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('returns at most 200 lines a call', async () => {
    const result = await readFile(root, 'long.txt', { startLine: 101, endLine: 400 });
    expect(result).toMatchObject({ lines: [101, 300], totalLines: 450, truncated: true });
    expect('text' in result && result.text.split('\n').at(-1)).toBe(
      '[Showing lines 101-300 of 450 (read_file shows at most 200 lines a call). To read on, call read_file with startLine=301.]',
    );
  });

  it('marks a default read of a long file as truncated', async () => {
    expect(await readFile(root, 'long.txt', { maxReadLines: 10 })).toMatchObject({
      lines: [1, 10],
      truncated: true,
    });
  });

  it('describes an empty file', async () => {
    expect(await readFile(root, 'empty.txt')).toEqual({
      text: 'empty.txt is empty (0 lines).',
      path: 'empty.txt',
      lines: null,
      totalLines: 0,
      truncated: false,
    });
  });

  it('strips CRLF line endings and counts a last line without newline', async () => {
    expect(await readFile(root, 'crlf.txt')).toMatchObject({
      text: 'crlf.txt (lines 1-3 of 3)\n   1│ one\n   2│ two\n   3│ three',
      totalLines: 3,
    });
  });

  it('refuses a secret file by its name before saying anything of it (a folder, its size)', async () => {
    // Fresh-user trial 26: .git/objects was "a folder", telling what git's folder holds.
    for (const name of ['.git/objects', '.env']) {
      expect(await readFile(root, name), name).toMatchObject({ error: { code: 'SECRET_FILE' } });
    }
  });
});
