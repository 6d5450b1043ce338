/** The SQLite store file and its -wal and -shm files are private to their owner (POSIX modes). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.js';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the SQLite store file’s mode', () => {
  let dir: string | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a new store file, its -wal and -shm 0600 after a write', async () => {
    // Found by fresh-user trial 17: sightline.db was 0644 though it holds every report as sent,
    // secrets pasted into them too (the API token and credentials/ were 0600).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-mode-'));
    const file = path.join(dir, 'data', 'sightline.db');
    store = await openStore({ sqlite: file });
    await store.projects.ensure({ name: 'app', repo: dir });
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect({ name: path.basename(name), mode: mode(name).toString(8) }).toEqual({
        name: path.basename(name),
        mode: '600',
      });
    }
  });

  it('leaves the mode of a store file that exists as it is', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-mode-'));
    const file = path.join(dir, 'sightline.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o640);
    store = await openStore({ sqlite: file });
    await store.projects.ensure({ name: 'app', repo: dir });
    expect(mode(file).toString(8)).toBe('640');
  });
});
