import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, resolveInRoot, resolveRoot, toPosix } from './sandbox.js';

let base: string;
let root: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sightline-repo-sandbox-')));
  root = path.join(base, 'repo');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(base, 'outside.txt'), 'outside\n');
  await symlink(path.join(base, 'outside.txt'), path.join(root, 'escape'));
  await symlink('src/a.ts', path.join(root, 'alias.ts'));
  await symlink(path.join(root, 'src'), path.join(base, 'root-link'));
});

afterAll(() => rm(base, { recursive: true, force: true }));

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return SightlineError.isInstance(error) ? error.code : 'not a SightlineError';
  }
}

describe('resolveRoot', () => {
  it('returns the real path of a folder', async () => {
    expect(await resolveRoot(path.join(base, 'root-link'))).toBe(path.join(root, 'src'));
  });

  it.each([
    ['a missing folder', 'missing', 'PATH_NOT_FOUND'],
    ['a file', 'outside.txt', 'NOT_A_DIRECTORY'],
  ])('refuses %s', async (_name, name, code) => {
    expect(await codeOf(resolveRoot(path.join(base, name)))).toBe(code);
  });

  it('says a symbolic link loop is one (ELOOP), not that the folder does not exist', async () => {
    const loop = path.join(base, 'loop-a');
    await symlink('loop-b', loop);
    await symlink('loop-a', path.join(base, 'loop-b'));
    await expect(resolveRoot(loop)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `Repository directory "${loop}" is a symbolic link loop (ELOOP): its links lead back to each other and never to a folder. Pass the repository folder itself, or point the link at it (ls -l shows where each link points).`,
    });
  });
});

describe('resolveInRoot', () => {
  it('resolves a file inside the root', async () => {
    expect(await resolveInRoot(root, 'src/a.ts')).toEqual({
      absolute: path.join(root, 'src/a.ts'),
      relative: 'src/a.ts',
      isDirectory: false,
      isFile: true,
      size: 20,
    });
  });

  it('resolves the root itself, backslashes, absolute paths inside and symlinks inside', async () => {
    expect(await resolveInRoot(root, '')).toMatchObject({ relative: '', isDirectory: true });
    expect(await resolveInRoot(root, 'src\\a.ts')).toMatchObject({ relative: 'src/a.ts' });
    expect(await resolveInRoot(root, path.join(root, 'src'))).toMatchObject({ relative: 'src' });
    expect(await resolveInRoot(root, 'alias.ts')).toMatchObject({ relative: 'src/a.ts' });
  });

  it.each([
    ['..', 'PATH_OUTSIDE_ROOT'],
    ['src/../../outside.txt', 'PATH_OUTSIDE_ROOT'],
    ['..\\outside.txt', 'PATH_OUTSIDE_ROOT'],
    ['/etc/passwd', 'PATH_OUTSIDE_ROOT'],
    ['escape', 'PATH_OUTSIDE_ROOT'],
    ['src/a.ts\0', 'INVALID_ARGUMENT'],
    ['src/missing.ts', 'PATH_NOT_FOUND'],
  ])('refuses %j with %s', async (requested, code) => {
    expect(await codeOf(resolveInRoot(root, requested))).toBe(code);
  });
});

describe('PATH_OUTSIDE_ROOT messages', () => {
  it.each([
    ['/etc/passwd', 'absolute', 'is an absolute path outside the repository root.'],
    ['src/../../outside.txt', 'parent', 'climbs out of the repository root through "..".'],
    ['..\\outside.txt', 'parent', 'climbs out of the repository root through "..".'],
    ['escape', 'symlink', 'goes through a symbolic link that points outside the repository root'],
  ])('say how %j escapes (%s)', async (requested, how, phrase) => {
    const error = await resolveInRoot(root, requested).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'PATH_OUTSIDE_ROOT',
      details: { path: requested, escape: how },
      message: expect.stringContaining(`Path "${requested}" ${phrase}`),
    });
    if (how !== 'parent') expect((error as Error).message).not.toContain('..');
  });
});

describe('isInside and toPosix', () => {
  it('tells inside from outside, including sibling prefixes', () => {
    expect(isInside('/repo', '/repo')).toBe(true);
    expect(isInside('/repo', '/repo/src/a.ts')).toBe(true);
    expect(isInside('/repo', '/repo-other/a.ts')).toBe(false);
    expect(isInside('/repo', '/')).toBe(false);
  });

  it('joins with forward slashes', () => {
    expect(toPosix(path.join('a', 'b', 'c.ts'))).toBe('a/b/c.ts');
  });
});
