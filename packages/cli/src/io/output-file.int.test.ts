import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutput } from './output-file.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sightline-output-file-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('writeOutput', () => {
  it('says an --out that is a symbolic link loop is one, not a bare ELOOP', async () => {
    const loop = path.join(work, 'loop-a');
    await symlink('loop-b', loop);
    await symlink('loop-a', path.join(work, 'loop-b'));
    await expect(writeOutput(loop, 'text')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `Cannot write "${loop}": it is a symbolic link loop (ELOOP): its links never lead to a file. Give --out a writable file path with room to spare.`,
    });
  });
});
