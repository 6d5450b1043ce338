import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFolders } from './make-folders.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-folders-'));
  made.push(dir);
  return dir;
}

describe('makeFolders', () => {
  it('makes the folder and its missing parents with the mode given; an existing folder is fine', () => {
    const root = scratch();
    const dir = path.join(root, 'a', 'b', 'c');
    makeFolders(dir, 0o700);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    expect(() => makeFolders(dir, 0o700)).not.toThrow();
  });

  it('throws when a file stands where a folder should be', () => {
    const root = scratch();
    fs.writeFileSync(path.join(root, 'file'), '');
    expect(() => makeFolders(path.join(root, 'file', 'x'))).toThrow(/ENOTDIR|EEXIST/);
    expect(() => makeFolders(path.join(root, 'file'))).toThrow(/ENOTDIR/);
  });

  it.runIf(process.platform === 'linux')(
    'throws at once under /proc, where a recursive mkdirSync never returns',
    () => {
      expect(() => makeFolders('/proc/sightline-no-such/folder')).toThrow(/ENOENT/);
    },
  );
});
