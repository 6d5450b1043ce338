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
});
