import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDataFolder } from './data-folder.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-data-folder-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('checkDataFolder', () => {
  it('passes a folder a service could use and leaves everything as it was', () => {
    checkDataFolder(path.join(dir, 'new', 'data'));
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, 'api-token'), 'token\n');
    checkDataFolder(dir, { host: '0.0.0.0', env: {} });
    expect(fs.readdirSync(dir)).toEqual(['api-token']);
  });

  it('refuses what startService refuses', () => {
    fs.writeFileSync(path.join(dir, 'file'), '');
    expect(() => checkDataFolder(path.join(dir, 'file'))).toThrow(
      expect.objectContaining({ code: 'STORE_PATH_INVALID' }),
    );
    expect(() => checkDataFolder(path.join(dir, 'fresh'), { host: '0.0.0.0', env: {} })).toThrow(
      'Refusing to listen on 0.0.0.0 without an API token',
    );
    expect(fs.readdirSync(dir)).toEqual(['file']);
    checkDataFolder(path.join(dir, 'fresh'), {
      host: '0.0.0.0',
      env: { SIGHTLINE_API_TOKEN: 't' },
    });
  });
});
