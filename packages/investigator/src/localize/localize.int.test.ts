/**
 * The localizer on real code, indexed by tree-sitter: a fixture library written to disk, and the
 * shared bug-localization cases when their packages were already fetched by `npm run
 * bench:localize` (tests never download).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { parseReport } from '../intake/parse-report.js';
import { indexRepository } from '../repomap/index-repository.js';
import { decodeCrashReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { localize } from './localize.js';
import { diagnoseOffline } from './offline-diagnosis.js';

const CASES_DIR = path.resolve(process.cwd(), '../shared/data/cases');
const PACKAGES_DIR = path.resolve(process.cwd(), 'bench/.cache/npm');

interface Case {
  id: string;
  package: string;
  version: string;
  report: { title: string; body: string };
  has_stack_trace: boolean;
  gold: { file: string; lines: [number, number] }[];
}

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
    const diagnosis = diagnoseOffline(decodeCrashReport(), index, { suspects });
    expect((await verifyDiagnosis(diagnosis, root)).errors).toEqual([]);
  });
});

const cases: Case[] = existsSync(CASES_DIR)
  ? readdirSync(CASES_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(CASES_DIR, name), 'utf8')) as Case)
  : [];
const fetched = cases.filter((entry) =>
  existsSync(path.join(PACKAGES_DIR, `${entry.package}@${entry.version}`, '.unpacked')),
);

describe.skipIf(fetched.length === 0)(
  `shared cases (${fetched.length} fetched; run npm run bench:localize to fetch the rest)`,
  () => {
    it.each(fetched.map((entry) => [entry.id, entry] as const))('%s', async (_id, entry) => {
      const dir = path.join(PACKAGES_DIR, `${entry.package}@${entry.version}`, 'package');
      const index = await indexRepository(dir, { cacheDir: false });
      const report = parseReport(entry.report);
      const suspects = localize(report, index);
      const rank =
        suspects.findIndex((suspect) => entry.gold.some((gold) => gold.file === suspect.path)) + 1;
      expect(rank).toBeGreaterThan(0);
      expect(rank).toBeLessThanOrEqual(entry.has_stack_trace ? 1 : 5);
      const verification = await verifyDiagnosis(diagnoseOffline(report, index, { suspects }), dir);
      expect(verification.errors).toEqual([]);
    });
  },
);

if (!existsSync(CASES_DIR)) {
  console.warn(`localize.int.test: skipping the shared cases, ${CASES_DIR} is missing.`);
}
