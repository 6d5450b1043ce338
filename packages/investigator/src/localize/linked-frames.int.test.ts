// Trial 49: a Python trace ran a script through the symbolic link the repository keeps for its
// command (`./archive` → `bin/archivebox` → `../archivebox/archive.py`); the index lists no link,
// so the frame was matched by its function's name to other files.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapFrame } from './frame-paths.js';

const ARCHIVE = [
  'import sys',
  'from util import pretty_path',
  '',
  'def merge_links(import_path):',
  '    print(pretty_path(import_path))',
  '',
  "if __name__ == '__main__':",
  '    merge_links(None)',
  '',
].join('\n');

let dir: string;
let outside: string;
let index: RepositoryIndex;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-linked-'));
  outside = await mkdtemp(path.join(tmpdir(), 'sightline-outside-'));
  await mkdir(path.join(dir, 'archivebox'));
  await mkdir(path.join(dir, 'bin'));
  await writeFile(path.join(dir, 'archivebox', 'archive.py'), ARCHIVE);
  await writeFile(
    path.join(dir, 'archivebox', 'util.py'),
    'def pretty_path(path):\n    return path.replace("/", "")\n',
  );
  await writeFile(path.join(outside, 'secret.py'), 'def merge_links(x):\n    return x\n');
  await symlink('../archivebox/archive.py', path.join(dir, 'bin', 'archivebox'));
  await symlink('bin/archivebox', path.join(dir, 'archive'));
  await symlink(path.join(outside, 'secret.py'), path.join(dir, 'away'));
  index = await indexRepository(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('frames through symbolic links', () => {
  it('maps a frame of a linked script to the file the link resolves to, link after link', () => {
    expect(index.files.has('archive')).toBe(false);
    const frame = { file: './archive', line: 5, function: 'merge_links', inApp: true, raw: '' };
    expect(mapFrame(index, frame)).toEqual({ path: 'archivebox/archive.py', line: 5, via: 'path' });
    expect(mapFrame(index, { ...frame, file: '/srv/ArchiveBox/bin/archivebox' })).toEqual({
      path: 'archivebox/archive.py',
      line: 5,
      via: 'path',
    });
  });

  it('maps no frame through a link out of the repository, not even by its function name', () => {
    // Trial 50: a frame through such a link was matched to archive.py's `merge_links` by name.
    const frame = { file: './away', line: 1, function: 'merge_links', inApp: true, raw: '' };
    expect(mapFrame(index, frame)).toBeNull();
  });
});
