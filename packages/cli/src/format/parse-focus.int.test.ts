import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFocus } from './parse-focus.js';

const REPO: Record<string, string> = {
  'src/log.ts': 'export function logEvent(name: string): void {}\n',
  'src/money.ts':
    "import { logEvent } from './log.js';\n\nexport function formatMoney(cents: number): string {\n  logEvent('format');\n  return (cents / 100).toFixed(2);\n}\n",
  'src/checkout.ts':
    "import { formatMoney } from './money.js';\n\nexport function checkoutOrder(total: number): string {\n  return formatMoney(total);\n}\n",
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-focus-'));
  for (const [file, content] of Object.entries(REPO)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('parseFocus', () => {
  it('tells files, frames and identifiers apart', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const focus = await parseFocus(index, [
      'src/money.ts:4',
      path.join(root, 'src/log.ts'),
      path.relative(process.cwd(), path.join(root, 'src/checkout.ts')),
      'checkoutOrder',
      'missing.ts:3',
      '../outside.ts',
    ]);
    expect(focus).toEqual({
      frames: [{ path: 'src/money.ts', line: 4 }],
      paths: ['src/log.ts', 'src/checkout.ts'],
      identifiers: ['checkoutOrder', 'missing.ts:3', '../outside.ts'],
    });
    expect(await parseFocus(index, [])).toEqual({});
  });

  it('reads FILE:LINE:COLUMN as the frame FILE:LINE, and a file whose name ends in :N as a file', async () => {
    await writeFile(path.join(root, 'src', 'odd.ts:7'), 'export const odd = 1;\n');
    const index = await indexRepository(root, { cacheDir: false });
    expect(
      await parseFocus(index, [
        'src/money.ts:4:10',
        'src/odd.ts:7',
        'src/odd.ts:7:1',
        'missing.ts:3:1',
      ]),
    ).toEqual({
      frames: [
        { path: 'src/money.ts', line: 4 },
        { path: 'src/odd.ts:7', line: 1 },
      ],
      paths: ['src/odd.ts:7'],
      identifiers: ['missing.ts:3:1'],
    });
  });

  it.each([
    ['src/money.ts:-1', '--focus "src/money.ts:-1" has line -1'],
    ['missing.ts:-1', '--focus "missing.ts:-1" has line -1'],
    [
      'src/money.ts:99999999999999999999999',
      '--focus "src/money.ts:99999999999999999999999" has line 99999999999999999999999',
    ],
    ['src/money.ts:4:-1', '--focus "src/money.ts:4:-1" has column -1'],
    // Trial 42: read as an identifier, it only matched nothing.
    ['src/money.ts:5:3:9', '--focus "src/money.ts:5:3:9" has more numbers than a position takes'],
    ['missing.ts:5:3:9', '--focus "missing.ts:5:3:9" has more numbers than a position takes'],
  ])('refuses %s, echoing it as typed', async (value, message) => {
    const index = await indexRepository(root, { cacheDir: false });
    await expect(parseFocus(index, [value])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(message),
    });
  });

  it('takes line 0 (the map warns of it) and says so when it refuses a negative line', async () => {
    // Found in review: the refusal asked for "whole numbers from 1" while line 0 was taken.
    const index = await indexRepository(root, { cacheDir: false });
    expect(await parseFocus(index, ['src/money.ts:0:0'])).toEqual({
      frames: [{ path: 'src/money.ts', line: 0 }],
    });
    await expect(parseFocus(index, ['src/money.ts:-1'])).rejects.toThrow(
      `--focus "src/money.ts:-1" has line -1: write FILE:LINE or FILE:LINE:COLUMN with whole numbers from 0 to ${Number.MAX_SAFE_INTEGER} (a file's first line is 1; the map warns of a line outside the file).`,
    );
  });

  it('names the focus as its caller gives it', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    await expect(parseFocus(index, ['a.ts:-3'], { name: 'focus' })).rejects.toThrow(
      /^focus "a\.ts:-3" has line -3:/,
    );
  });
});
