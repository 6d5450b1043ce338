import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from './open-repository.js';

let root: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sightline-repository-')));
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: '@acme/shop' }),
    'src/cart.ts': 'export function cartTotal(): number {\n  return 0;\n}\n',
    'dist/cart.js': 'export function cartTotal() { return 0; }\n',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('openRepository', () => {
  it('resolves the root and reads the package name once, walks and indexes on first use', async () => {
    const repository = await openRepository(path.join(root, 'src', '..'), { cacheDir: false });
    expect(repository.root).toBe(root);
    expect(repository.packageName).toBe('@acme/shop');
    const listing = repository.files();
    expect(repository.files()).toBe(listing);
    expect((await listing).files.map((file) => file.path)).toEqual([
      'dist/cart.js',
      'package.json',
      'src/cart.ts',
    ]);
    const index = await repository.index();
    expect(await repository.index()).toBe(index);
    // The index leaves build output out, as a walk without it would.
    expect([...index.files.keys()]).toEqual(['package.json', 'src/cart.ts']);
    expect(index.skipped).toContainEqual({ path: 'dist/cart.js', reason: 'generated' });
    expect(await openRepository(repository)).toBe(repository);
  });

  it('uses an index it is given, and refuses the index of another folder', async () => {
    const index = { root, files: new Map(), skipped: [] };
    const repository = await openRepository(root, { index });
    expect(await repository.index()).toBe(index);
    await expect(
      openRepository(root, { index: { ...index, root: path.join(root, 'src') } }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('fails with a clear error for a folder that does not exist', async () => {
    await expect(openRepository(path.join(root, 'missing'))).rejects.toMatchObject({
      code: 'PATH_NOT_FOUND',
    });
  });
});
