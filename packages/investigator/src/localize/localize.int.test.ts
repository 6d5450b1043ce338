/**
 * The localizer on real code, indexed by tree-sitter: a fixture library written to disk. (The
 * shared real bug cases — the markdown-it crash among them — run through the whole offline
 * pipeline in investigate/shared-cases.int.test.ts where `npm run bench:localize` has fetched
 * their packages, and are measured by that benchmark.)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { decodeCrashReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { localize } from './localize.js';
import { diagnoseOffline } from './offline-diagnosis.js';

describe('localize on a fixture library indexed with tree-sitter', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-localize-int-'));
    for (const [relative, file] of Object.entries(TINY_QUERY)) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), file.content);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('ranks the crash site first, with the enclosing function, and the diagnosis verifies', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const suspects = localize(decodeCrashReport(), index);
    expect(suspects[0]).toMatchObject({ path: 'lib/utils.js', lines: [3, 5], symbol: 'decode' });
    expect(suspects[1]?.path).toBe('lib/parse.js');
    const diagnosis = await diagnoseOffline(decodeCrashReport(), index, { suspects });
    expect((await verifyDiagnosis(diagnosis, root)).errors).toEqual([]);
  });
});
