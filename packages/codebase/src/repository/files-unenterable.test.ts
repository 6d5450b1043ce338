/**
 * listRepositoryFiles on a folder that can be listed but not entered (`chmod 444`): every `stat`
 * under it is refused. CI runs as root, which every folder lets in, so the refusal is given here
 * by mocking `stat` for that folder's files.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listRepositoryFiles } from './files.js';

vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof import('node:fs/promises')>();
  return {
    ...actual,
    stat: (file: string, ...rest: []) =>
      /[/\\]locked[/\\][^/\\]+$/.test(file)
        ? Promise.reject(Object.assign(new Error('permission denied'), { code: 'EACCES' }))
        : actual.stat(file, ...rest),
  };
});

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-unenterable-'));
  for (const file of ['src/index.ts', 'src/locked/a.ts', 'src/locked/b.ts', 'locked/c.ts']) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'export const x = 1;\n');
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('listRepositoryFiles on folders that cannot be entered', () => {
  it('names each such folder once as unreadable, not its files, and lists the rest', async () => {
    // Fresh-user trial 25's re-check: the files were named, with advice (a+r) that does not help.
    const listed = await listRepositoryFiles(root);
    expect(listed.files.map((file) => file.path)).toEqual(['src/index.ts']);
    expect(listed.skipped).toEqual([
      { path: 'locked/', reason: 'unreadable' },
      { path: 'src/locked/', reason: 'unreadable' },
    ]);
  });
});
