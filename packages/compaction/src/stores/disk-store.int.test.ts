import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SightlineError } from '@sightline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk-store.js';
import { describeStoreContract } from './store-contract.js';

const folders: string[] = [];
async function freshRoot(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'sightline-store-'));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'no error',
    (error: unknown) => (SightlineError.isInstance(error) ? error.code : String(error)),
  );
}

describeStoreContract('createDiskStore', async () =>
  createDiskStore({ root: join(await freshRoot(), 'store') }),
);

describe('createDiskStore', () => {
  it('maps store paths to files under the root', async () => {
    const root = await freshRoot();
    await createDiskStore({ root }).write('/tool_results/s1/c1.txt', 'out');
    expect(await readFile(join(root, 'tool_results', 's1', 'c1.txt'), 'utf8')).toBe('out');
  });

  it('keeps names that merely start with ".." inside the root', async () => {
    const root = await freshRoot();
    await createDiskStore({ root }).write('/..notes/a.txt', 'kept');
    expect(await readFile(join(root, '..notes', 'a.txt'), 'utf8')).toBe('kept');
  });

  it('refuses symbolic links in the root, for reads and writes', async () => {
    const root = await freshRoot();
    const outside = await freshRoot();
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await symlink(outside, join(root, 'linked'));
    await symlink(join(outside, 'secret.txt'), join(root, 'file.txt'));
    const store = createDiskStore({ root });
    expect(await codeOf(store.read('/linked/secret.txt'))).toBe('STORE_PATH_INVALID');
    expect(await codeOf(store.write('/linked/new.txt', 'x'))).toBe('STORE_PATH_INVALID');
    expect(await codeOf(store.read('/file.txt'))).toBe('STORE_PATH_INVALID');
    expect(await codeOf(store.append('/file.txt', 'x'))).toBe('STORE_PATH_INVALID');
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await store.list()).toEqual([]);
    expect(await store.grep('secret')).toEqual([]);
  });

  it('ignores temporary files left by an interrupted write', async () => {
    const root = await freshRoot();
    await mkdir(join(root, 'a'));
    await writeFile(join(root, 'a', 'x.txt.sightline-tmp-0123456789ab'), 'half');
    const store = createDiskStore({ root });
    expect(await store.list()).toEqual([]);
    expect(await store.grep('half')).toEqual([]);
  });

  it('leaves the old or the new content, never a part, when the writer is killed mid-write', async () => {
    const root = await freshRoot();
    const store = createDiskStore({ root });
    await store.write('/tool_results/s/big.txt', 'old\n');
    const script = fileURLToPath(new URL('./__fixtures__/crash-writer.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@sightline/source', script, root],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let writes = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        writes += chunk.toString().split('in-flight').length - 1;
        // Kill while the second write is under way: the first has landed.
        if (writes >= 2 && child.kill('SIGKILL')) resolve();
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const content = await readFile(join(root, 'tool_results', 's', 'big.txt'), 'utf8');
    const lines = content.split('\n');
    expect(lines).toHaveLength(3);
    const fill = lines[0]?.[0] ?? '';
    // A write landed before the kill: the entry is one whole write, 32 MiB of one letter + "end".
    expect(lines[0] === fill.repeat(32 * 1024 * 1024)).toBe(true);
    expect(lines.slice(1)).toEqual(['end', '']);
    expect((await store.list()).map(({ path }) => path)).toEqual(['/tool_results/s/big.txt']);
  }, 30_000);
});
