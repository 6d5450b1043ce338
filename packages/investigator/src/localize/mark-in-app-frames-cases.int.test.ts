/**
 * The bug-localization cases of shared/data/cases against a stand-in of each case's package:
 * frames under `node_modules/<pkg>/` are library frames for intake alone, and `markInAppFrames`
 * makes them in-app when the repository is that package.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRepository } from '@sightline/codebase';
import { allFrames, parseReport } from '@sightline/intake';
import { afterAll, describe, expect, it } from 'vitest';
import { readSharedCases, SHARED_CASES_DIR, type SharedCase } from '../../../../bench/lib/cases.js';
import { markInAppFrames } from './mark-in-app-frames.js';

const cases = readSharedCases();
const scratch: string[] = [];
afterAll(() => {
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
});

const ownPrefix = (item: SharedCase) => `node_modules/${item.package}/`;

describe.skipIf(cases.length === 0)('markInAppFrames on the bug-localization cases', () => {
  if (cases.length === 0) console.warn(`skipped: no cases in ${SHARED_CASES_DIR}`);

  it.each(cases.filter((item) => item.has_stack_trace).map((item) => [item.id, item] as const))(
    '%s: markInAppFrames treats the package’s own files as in-app',
    async (_, item) => {
      const report = parseReport(item.report);
      const repo = mkdtempSync(path.join(tmpdir(), 'sightline-in-app-'));
      scratch.push(repo);
      writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: item.package }));
      const own = allFrames(report.exceptions)
        .map((frame) => frame.file ?? '')
        .filter((file) => file.includes(ownPrefix(item)))
        .map((file) => file.slice(file.indexOf(ownPrefix(item)) + ownPrefix(item).length));
      for (const file of [...own, ...item.gold.map((gold) => gold.file)]) {
        mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
        writeFileSync(path.join(repo, file), '// fixture\n');
      }
      const marked = await markInAppFrames(report, await openRepository(repo));
      const frames = allFrames(marked.exceptions);
      for (const frame of frames) {
        const index = frame.file?.indexOf(ownPrefix(item)) ?? -1;
        const expected = index >= 0 ? frame.file?.slice(index + ownPrefix(item).length) : undefined;
        expect(frame.inApp).toBe(expected !== undefined);
        expect(frame.repoPath).toBe(expected);
      }
      expect(frames.some((frame) => frame.inApp)).toBe(true);
      expect(report.exceptions[0]?.frames[0]?.repoPath).toBeUndefined();
    },
  );
});
