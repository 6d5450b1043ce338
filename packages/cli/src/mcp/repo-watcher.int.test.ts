import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldersOf, watchFolders } from './repo-watcher.js';

describe('foldersOf', () => {
  it('lists every folder above the files, the root first', () => {
    expect(
      foldersOf(['src/cart/total.ts', 'src/checkout.ts', 'README.md', 'test/a/b/c.ts']),
    ).toEqual(['', 'src', 'test', 'src/cart', 'test/a', 'test/a/b']);
  });
});

describe('watchFolders', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('reports changes in watched folders, but not in .sightline/, .git/ or unwatched ones', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-watch-'));
    for (const folder of ['src', 'other', '.sightline']) await mkdir(path.join(root, folder));
    const seen: string[] = [];
    const watcher = watchFolders(root, (changed) => seen.push(changed), { maxFolders: 2 });
    watcher.update(['', 'src', 'other']);
    expect(watcher.size).toBe(2);
    await writeFile(path.join(root, '.sightline', 'cache.json'), '{}');
    await writeFile(path.join(root, 'other', 'ignored.ts'), 'x');
    await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    const deadline = Date.now() + 5_000;
    while (!seen.includes('src/a.ts') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    watcher.close();
    expect(watcher.size).toBe(0);
    expect(seen).toContain('src/a.ts');
    expect(seen.filter((changed) => changed.startsWith('other/'))).toEqual([]);
    expect(seen.filter((changed) => changed.includes('cache.json'))).toEqual([]);
  });
});
