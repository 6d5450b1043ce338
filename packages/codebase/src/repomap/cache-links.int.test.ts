/**
 * A hostile repository ships `.sightline/cache` (or `.sightline`, or the cache file) as a link to a
 * folder outside: indexing writes nothing there, reads nothing from there, and keeps its cache in
 * the home fallback instead.
 */
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_FILE_NAME } from './cache.js';
import { indexRepository } from './index-repository.js';

let base: string;
let root: string;
let outside: string;
let home: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sightline-cache-links-')));
  root = path.join(base, 'repo');
  outside = path.join(base, 'anywhere');
  home = path.join(base, 'home');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await mkdir(outside);
  await mkdir(home);
  await writeFile(path.join(root, 'src/a.ts'), 'export function alpha() {\n  return 1;\n}\n');
  vi.spyOn(os, 'homedir').mockReturnValue(home);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(base, { recursive: true, force: true });
});

async function everything(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true })).map(String).sort();
}

describe('a cache folder reached through a link', () => {
  it.each([
    ['.sightline/cache → outside', ['.sightline'], '.sightline/cache'],
    ['.sightline → outside', [], '.sightline'],
  ])(
    '%s: nothing is written outside; the cache goes to the home fallback',
    async (_, made, linked) => {
      for (const folder of made) await mkdir(path.join(root, folder), { recursive: true });
      await symlink(outside, path.join(root, linked));
      const index = await indexRepository(root);
      expect(index.files.has('src/a.ts')).toBe(true);
      expect(await everything(outside)).toEqual([]);
      expect((await everything(home)).some((file) => file.endsWith(CACHE_FILE_NAME))).toBe(true);
      // A second run reads the fallback and still writes nothing outside.
      await indexRepository(root);
      expect(await everything(outside)).toEqual([]);
    },
  );

  it('a cache file that is a link is neither read nor followed when written', async () => {
    const cache = path.join(root, '.sightline', 'cache');
    await mkdir(cache, { recursive: true });
    const target = path.join(outside, 'victim.json');
    await writeFile(target, 'untouched');
    await symlink(target, path.join(cache, CACHE_FILE_NAME));
    await symlink(path.join(outside, 'ignore-victim'), path.join(cache, '.gitignore'));
    await indexRepository(root);
    expect(await everything(outside)).toEqual(['victim.json']);
    expect(await readFile(target, 'utf8')).toBe('untouched');
  });

  it('the home fallback is private: folders 0700, the cache file 0600', async () => {
    await symlink(outside, path.join(root, '.sightline'));
    await indexRepository(root);
    const file = (await everything(home)).find((name) => name.endsWith(CACHE_FILE_NAME)) ?? '';
    const modes = await Promise.all(
      ['.cache', '.cache/sightline', path.dirname(file), file].map(
        async (name) => (await stat(path.join(home, name))).mode & 0o777,
      ),
    );
    expect(modes).toEqual([0o700, 0o700, 0o700, 0o600]);
  });
});
