import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRepositoryFiles } from '../repository/files.js';
import { indexRepository } from './index-repository.js';

describe('a repository over the file cap', () => {
  let root: string;
  beforeAll(async () => {
    // 1,200 files stand in for 90,000: the cap is an option, the code path is the same.
    root = await mkdtemp(path.join(tmpdir(), 'sightline-file-cap-'));
    for (let folder = 0; folder < 12; folder += 1) {
      const dir = path.join(root, `pkg${folder}`);
      await mkdir(dir);
      await Promise.all(
        Array.from({ length: 100 }, (_, file) =>
          writeFile(
            path.join(dir, file % 2 ? `f${file}.ts` : `notes${file}.md`),
            `export const v${file} = ${file};\n`,
          ),
        ),
      );
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('lists the cap, code first, and says how many it found', async () => {
    const listed = await listRepositoryFiles(root, { maxFiles: 1_000 });
    expect(listed.files).toHaveLength(1_000);
    expect(listed.capped).toEqual({ found: 1_200, maxFiles: 1_000 });
    expect(listed.files.filter((file) => file.path.endsWith('.ts'))).toHaveLength(600);
    expect(listed.skipped.filter((file) => file.reason === 'file-cap')).toHaveLength(200);
  });

  it('indexes within the cap and warns', async () => {
    const files = await listRepositoryFiles(root, { maxFiles: 700 });
    const index = await indexRepository(root, { files, cacheDir: false });
    expect(index.files.size).toBe(700);
    expect(index.warnings).toContain(
      'the repository has 1,200 files; only 700 were indexed (source code first), the rest are left out. Point it at the part of the repository the report is about, or add folders to .gitignore.',
    );
  });
});
