import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { npmPack } from './npm-pack.js';

describe('npmPack', () => {
  let cacheDir: string | undefined;
  afterEach(async () => {
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  it('reuses an unpacked copy without downloading or saying it downloads', async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), 'npm-pack-'));
    const folder = path.join(cacheDir, '@scope__pkg@1.2.3');
    await mkdir(path.join(folder, 'package'), { recursive: true });
    await writeFile(path.join(folder, '.unpacked'), 'then\n');
    const downloads: string[] = [];
    const packed = await npmPack('@scope/pkg@1.2.3', {
      cacheDir,
      onDownload: (spec) => downloads.push(spec),
    });
    expect(packed).toEqual({
      name: '@scope/pkg',
      version: '1.2.3',
      dir: path.join(folder, 'package'),
    });
    expect(downloads).toEqual([]);
  });

  it('refuses a spec without an exact version before anything else', async () => {
    await expect(npmPack('zod@^4', { cacheDir: os.tmpdir() })).rejects.toThrow(
      'npmPack needs NAME@EXACT_VERSION, got "zod@^4".',
    );
  });
});
