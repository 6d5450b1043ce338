import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownFolderObstacle } from './own-folder.js';

describe('ownFolderObstacle', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('names the first link or file in the way, and nothing when none is', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'own-folder-'));
    await mkdir(path.join(root, 'real', 'sub'), { recursive: true });
    await symlink(os.tmpdir(), path.join(root, 'link'));
    await writeFile(path.join(root, 'file'), 'x');
    expect(await ownFolderObstacle(root, path.join(root, 'link', 'serve'))).toBe(
      path.join(root, 'link'),
    );
    expect(await ownFolderObstacle(root, path.join(root, 'file', 'serve'))).toBe(
      path.join(root, 'file'),
    );
    // Real folders, then a missing one: nothing in the way (what failed was making it).
    expect(
      await ownFolderObstacle(root, path.join(root, 'real', 'sub', 'missing')),
    ).toBeUndefined();
    expect(await ownFolderObstacle(root, os.homedir())).toBeUndefined();
  });
});
