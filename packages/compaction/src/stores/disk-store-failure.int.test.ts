import type { FileHandle } from 'node:fs/promises';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDiskStore } from './disk-store.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return { ...original, open: vi.fn(original.open) };
});

const folders: string[] = [];
afterEach(async () => {
  vi.mocked(fs.open).mockRestore();
  await Promise.all(
    folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })),
  );
});

/** Makes the next file opened write half its content, then fail like a full disk. */
function failNextWriteHalfway(): void {
  const realOpen = vi.mocked(fs.open).getMockImplementation() as typeof fs.open;
  vi.mocked(fs.open).mockImplementationOnce(async (...args: Parameters<typeof fs.open>) => {
    const handle = await realOpen(...args);
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'writeFile') {
          return async (data: string) => {
            await target.writeFile(data.slice(0, data.length / 2));
            throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as FileHandle;
  });
}

describe('createDiskStore when a write fails halfway', () => {
  it.each(['write', 'append'] as const)(
    '%s keeps the old content and leaves no temporary file',
    async (method) => {
      const root = await fs.mkdtemp(join(tmpdir(), 'sightline-store-'));
      folders.push(root);
      const store = createDiskStore({ root });
      await store.write('/t/entry.txt', 'old\n');
      failNextWriteHalfway();
      await expect(store[method]('/t/entry.txt', 'new content\n'.repeat(100))).rejects.toThrow(
        'ENOSPC',
      );
      expect(await fs.readFile(join(root, 't', 'entry.txt'), 'utf8')).toBe('old\n');
      expect(await fs.readdir(join(root, 't'))).toEqual(['entry.txt']);
    },
  );
});
