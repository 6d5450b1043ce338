import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDir } from './list-dir.js';

const fixture = fileURLToPath(new URL('./__fixtures__/repo', import.meta.url));

describe('listDir', () => {
  it('lists two levels, folders first, with sizes and line counts', async () => {
    expect(await listDir(fixture)).toEqual({
      text: [
        '. (repository root) — depth 2: 3 folders, 3 files',
        'docs/',
        '  notes.txt  37 B, 1 line',
        'src/',
        '  util/ …',
        '  cart.ts  396 B, 15 lines',
        'README.md  58 B, 3 lines',
        '[Folders marked … were not expanded; list them with list_dir and their path.]',
      ].join('\n'),
      path: '.',
      entries: [
        { path: 'docs', type: 'directory', depth: 1 },
        { path: 'src', type: 'directory', depth: 1 },
        { path: 'README.md', type: 'file', depth: 1, size: 58, lineCount: 3 },
        { path: 'docs/notes.txt', type: 'file', depth: 2, size: 37, lineCount: 1 },
        { path: 'src/util', type: 'directory', depth: 2 },
        { path: 'src/cart.ts', type: 'file', depth: 2, size: 396, lineCount: 15 },
      ],
      truncated: false,
    });
  });

  it('lists one level of a subfolder', async () => {
    expect(await listDir(fixture, 'src', { depth: 1 })).toMatchObject({
      text: 'src/ — depth 1: 1 folder, 1 file\nutil/ …\ncart.ts  396 B, 15 lines\n[Folders marked … were not expanded; list them with list_dir and their path.]',
      path: 'src',
    });
  });
});

describe('listDir on a larger repository', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sightline-list-'));
    await cp(fixture, root, { recursive: true });
    await writeFile(path.join(root, '.gitignore'), 'generated/\n*.log\n');
    await mkdir(path.join(root, 'generated'));
    await mkdir(path.join(root, 'node_modules/pkg'), { recursive: true });
    await writeFile(path.join(root, 'debug.log'), 'log\n');
    await writeFile(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x00]));
    await mkdir(path.join(root, 'many'));
    for (let index = 0; index < 30; index++) {
      await writeFile(path.join(root, 'many', `file-${String(index).padStart(2, '0')}.txt`), 'x\n');
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('hides ignored and vendored entries and marks binary files', async () => {
    expect(await listDir(root, '.', { depth: 1 })).toMatchObject({
      text: [
        '. (repository root) — depth 1: 3 folders, 3 files',
        'docs/ …',
        'many/ …',
        'src/ …',
        '.gitignore  17 B, 2 lines',
        'README.md  58 B, 3 lines',
        'logo.png  3 B, binary',
        '[Folders marked … were not expanded; list them with list_dir and their path.]',
      ].join('\n'),
    });
  });

  it('caps the entries, shallow ones first', async () => {
    const result = await listDir(root, '.', { depth: 3, maxListEntries: 10 });
    expect(result).toMatchObject({ truncated: true });
    expect('entries' in result && result.entries.map((entry) => entry.path)).toEqual([
      'docs',
      'many',
      'src',
      '.gitignore',
      'README.md',
      'logo.png',
      'docs/notes.txt',
      'many/file-00.txt',
      'many/file-01.txt',
      'many/file-02.txt',
    ]);
    expect('text' in result && result.text.split('\n').at(-1)).toBe(
      '[Listing capped at 10 entries. List a subfolder with list_dir, or use a smaller depth.]',
    );
  });

  it('lowers a depth over the cap and says so', async () => {
    const result = await listDir(root, 'src', { depth: 50 });
    expect('text' in result && result.text.split('\n').at(-1)).toBe('[depth was lowered to 5.]');
  });
});

describe('listDir on odd names', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sightline-list-names-'));
    await mkdir(path.join(root, 'new\nline'));
    await writeFile(path.join(root, 'new\nline', 'a.txt'), 'a\n');
    await symlink('new\nline', path.join(root, 'to-new'));
    await symlink('loop2', path.join(root, 'loop1'));
    await symlink('loop1', path.join(root, 'loop2'));
    await symlink('gone', path.join(root, 'dangling'));
    // A name in Latin-1, not UTF-8: `café.js` with é as the one byte 0xE9.
    await writeFile(
      Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.js')]),
      'x\n',
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('takes back a name in the escaped form it prints', async () => {
    // Fresh-user trial 41: `read_file 'app/new\u000aline.py'`, the name list_dir printed, was
    // "does not exist", so a model copying a listed name was stuck.
    const folder = await listDir(root, 'new\\u000aline', { depth: 1 });
    expect('text' in folder && folder.text.split('\n')[0]).toBe(
      'new\\u000aline/ — depth 1: 0 folders, 1 file',
    );
    const missing = await listDir(root, 'new\\u0041line');
    expect('error' in missing && missing.error.code).toBe('PATH_NOT_FOUND');
  });

  it('escapes a line break in the folder of its heading and in a symlink target', async () => {
    // Found by a fresh-user trial (of grep's header): a path the caller gives or a symlink leads
    // to was printed as written, so a line break split the line; every listed name was escaped.
    const folder = await listDir(root, 'new\nline', { depth: 1 });
    expect('text' in folder && folder.text.split('\n')[0]).toBe(
      'new\\u000aline/ — depth 1: 0 folders, 1 file',
    );
    const top = await listDir(root, '.', { depth: 1 });
    expect('text' in top && top.text.split('\n')).toContain('to-new -> new\\u000aline (symlink)');
  });

  it('tells a symlink loop (ELOOP) from a broken symlink', async () => {
    // Found by a fresh-user trial: loop1 -> loop2 -> loop1 was listed as "(broken symlink)".
    const top = await listDir(root, '.', { depth: 1 });
    const lines = 'text' in top ? top.text.split('\n') : [];
    expect(lines.filter((line) => line.includes(' -> ('))).toEqual([
      'dangling -> (broken symlink)',
      'loop1 -> (symlink loop)',
      'loop2 -> (symlink loop)',
    ]);
    expect('entries' in top && top.entries.find((entry) => entry.path === 'loop1')).toEqual({
      path: 'loop1',
      type: 'symlink',
      depth: 1,
      note: 'symlink-loop',
    });
  });

  it('lists a file whose name is not UTF-8 as such, and the rest of the folder', async () => {
    // Fresh-user trial 28: its lstat failed (ENOENT on the name with U+FFFD) and so did the call.
    const top = await listDir(root, '.', { depth: 1 });
    const lines = 'text' in top ? top.text.split('\n') : [];
    expect(lines).toContain('caf\uFFFD.js  name not in UTF-8: no tool can open it');
    expect(lines).toContain('dangling -> (broken symlink)');
  });
});
