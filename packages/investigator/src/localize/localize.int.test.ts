/**
 * The localizer on real code, indexed by tree-sitter: a fixture library written to disk, and the
 * shared bug-localization cases when their packages were already fetched by `npm run
 * bench:localize` (tests never download).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedCasePackage,
  readSharedCases,
  SHARED_CASES_DIR,
} from '../../../../bench/lib/cases.js';
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

const fetched = readSharedCases().flatMap((entry) => {
  const dir = cachedCasePackage(entry);
  return dir ? [{ ...entry, dir }] : [];
});

describe.skipIf(fetched.length === 0)(
  `shared cases (${fetched.length} fetched; run npm run bench:localize to fetch the rest)`,
  () => {
    it.each(fetched.map((entry) => [entry.id, entry] as const))('%s', async (_id, entry) => {
      const { dir } = entry;
      const index = await indexRepository(dir, { cacheDir: false });
      const report = parseReport(entry.report);
      const suspects = localize(report, index);
      const rank =
        suspects.findIndex((suspect) => entry.gold.some((gold) => gold.file === suspect.path)) + 1;
      expect(rank).toBeGreaterThan(0);
      expect(rank).toBeLessThanOrEqual(entry.has_stack_trace ? 1 : 5);
      const verification = await verifyDiagnosis(
        await diagnoseOffline(report, index, { suspects }),
        dir,
      );
      expect(verification.errors).toEqual([]);
    });
  },
);

if (!existsSync(SHARED_CASES_DIR)) {
  console.warn(`localize.int.test: skipping the shared cases, ${SHARED_CASES_DIR} is missing.`);
}
