/**
 * The service's default data folder `<repo>/.sightline/serve` through a hostile repository's
 * `.sightline` link: `sources add` and `ingest` write nothing where it points. A Windows drive
 * path as `--data` or `--repo` creates no folder named `C:` either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServiceStore } from './service-store.js';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-service-store-'));
});
afterEach(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe('openServiceStore', () => {
  it('refuses a default data folder reached through a link, creating nothing there', async () => {
    const repo = path.join(work, 'repo');
    const outside = path.join(work, 'anywhere');
    fs.mkdirSync(repo);
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(repo, '.sightline'));
    const refusal = {
      code: 'STORE_PATH_INVALID',
      message: expect.stringMatching(/through a symbolic link .* pick a folder with --data/),
    };
    await expect(openServiceStore({ repo }, { create: true })).rejects.toMatchObject(refusal);
    expect(fs.readdirSync(outside)).toEqual([]);
    // A store already there (`ingest` would write reports into it) is not opened either.
    fs.mkdirSync(path.join(outside, 'serve'));
    await expect(openServiceStore({ repo })).rejects.toMatchObject(refusal);
    expect(fs.readdirSync(path.join(outside, 'serve'))).toEqual([]);
  });

  it('names only the flags the command takes when there is no store', async () => {
    // Found by a fresh-user trial: `digest` suggested --url, which it does not accept.
    const repo = path.join(work, 'empty');
    fs.mkdirSync(repo);
    await expect(openServiceStore({ repo })).rejects.toMatchObject({
      code: 'PATH_NOT_FOUND',
      message: expect.stringMatching(/once, or pass --data or --database\.$/),
    });
    await expect(openServiceStore({ repo }, { takesUrl: true })).rejects.toMatchObject({
      message: expect.stringMatching(/once, or pass --data, --database or --url\.$/),
    });
  });

  it('creates the store in a real .sightline/serve, readable by its owner only', async () => {
    const repo = path.join(work, 'plain');
    fs.mkdirSync(repo);
    const store = await openServiceStore({ repo }, { create: true });
    await store.close();
    expect(fs.existsSync(path.join(repo, '.sightline', 'serve', 'sightline.db'))).toBe(true);
    // It holds the sources' credentials: only its owner may list it.
    expect(fs.statSync(path.join(repo, '.sightline', 'serve')).mode & 0o777).toBe(0o700);
  });

  it('refuses a Windows drive path as --data or --repo, creating no folder named after it', async () => {
    // Found by checking the folder flags after --database: sources add --data D:/y created ./D:/y.
    const repo = path.join(work, 'repo');
    fs.mkdirSync(repo);
    try {
      for (const [flag, options] of [
        ['--data', { repo, data: 'Q:/sightline-drive-test' }],
        ['--repo', { repo: 'Q:/sightline-drive-test' }],
      ] as const) {
        await expect(openServiceStore(options, { create: true })).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(
            `${flag} Q:/sightline-drive-test is a Windows drive path, but this system (${process.platform}) has no drive letters`,
          ),
        });
      }
      expect(fs.existsSync('Q:')).toBe(false);
    } finally {
      fs.rmSync('Q:', { recursive: true, force: true });
    }
  });
});
