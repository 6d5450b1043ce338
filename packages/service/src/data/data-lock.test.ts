import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, LOCK_FILE } from './data-lock.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('acquireDataLock', () => {
  it('writes this pid, and removes the file on release', () => {
    const lock = acquireDataLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while a running process holds the folder, naming its pid', () => {
    // The test runner's parent process is alive for the whole test.
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(() => acquireDataLock(dir)).toThrow(
      `Another sightline serve (pid ${process.ppid}) is using the data folder ${dir}`,
    );
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`);
    const lock = acquireDataLock(dir);
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('says the folder is not writable when the lock file cannot be made', () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    expect(() => acquireDataLock(path.join(file, 'data'))).toThrow(
      `The data folder ${path.join(file, 'data')} cannot be created: ${file} is a file, not a folder. Pick a folder with --data (it is created if missing).`,
    );
  });
});
