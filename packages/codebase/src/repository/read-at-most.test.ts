import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAtMost } from './read-at-most.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sightline-read-at-most-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('readAtMost', () => {
  it('reads a file of up to maxBytes whole, across reads', async () => {
    const file = path.join(folder, 'a.txt');
    const content = Buffer.from('abc'.repeat(50_000));
    await writeFile(file, content);
    expect((await readAtMost(file, content.length))?.equals(content)).toBe(true);
    expect((await readAtMost(file, content.length + 10))?.equals(content)).toBe(true);
    await writeFile(file, '');
    expect((await readAtMost(file, 0))?.length).toBe(0);
  });

  it('answers null for a file longer than maxBytes', async () => {
    const file = path.join(folder, 'a.txt');
    await writeFile(file, 'x'.repeat(100_001));
    expect(await readAtMost(file, 100_000)).toBeNull();
    expect(await readAtMost(file, 0)).toBeNull();
  });

  it.skipIf(!existsSync('/proc/self/status'))(
    'does not trust the reported size: procfs gives 0 bytes for files that have more',
    async () => {
      expect(statSync('/proc/self/status').size).toBe(0);
      expect(await readAtMost('/proc/self/status', 10)).toBeNull();
      expect((await readAtMost('/proc/self/status', 1_000_000))?.toString()).toMatch(/^Name:/);
    },
  );

  it('throws the file system error for a missing file', async () => {
    await expect(readAtMost(path.join(folder, 'missing'), 10)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
