import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { afterEach, describe, expect, it } from 'vitest';
import { seedIndexCache, siblingRevision } from './localize-index-seed.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('seedIndexCache', () => {
  it('reuses the tags of files unchanged since a sibling revision and parses only the others', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    const trees = path.join(dir, 'repos');
    const caches = path.join(dir, 'index');
    const first = path.join(trees, 'acme+app@1111');
    const second = path.join(trees, 'acme+app@2222');
    mkdirSync(first, { recursive: true });
    writeFileSync(path.join(first, 'a.js'), 'export function alpha() { return 1; }\n');
    writeFileSync(path.join(first, 'b.js'), 'export function beta() { return 2; }\n');
    await indexRepository(first, { cacheDir: path.join(caches, 'acme+app@1111') });
    cpSync(first, second, { recursive: true });
    writeFileSync(path.join(second, 'b.js'), 'export function gamma() { return 3; }\n');

    const sibling = siblingRevision(second, caches);
    expect(sibling?.tree).toBe(first);
    const cacheDir = path.join(caches, 'acme+app@2222');
    expect(await seedIndexCache(second, cacheDir, sibling ?? { tree: '', cacheDir: '' })).toBe(1);
    const parsed: string[] = [];
    const seeded = await indexRepository(second, {
      cacheDir,
      onParse: (file) => parsed.push(file),
    });
    expect(parsed).toEqual(['b.js']);
    const cold = await indexRepository(second, { cacheDir: false });
    expect([...seeded.files.values()].map((file) => file.definitions.map((d) => d.name))).toEqual(
      [...cold.files.values()].map((file) => file.definitions.map((d) => d.name)),
    );
    expect(await seedIndexCache(second, cacheDir, sibling ?? { tree: '', cacheDir: '' })).toBe(0);
  });
});
