import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

/** A prompt of the shop's issue template, in the shop's own words (its screens, its code). */
const PROMPT = 'Which step failed: the cart total, the checkout summary or the euro format?';

describe.each(TEST_DATABASES)(
  'investigating a report written in the project template on $name',
  (kind) => {
    let harness: ServiceHarness;
    afterEach(() => harness?.close());

    it("does not take the template's words for the report's", async () => {
      harness = await openHarness(kind);
      const templates = path.join(harness.repo.root, '.github', 'ISSUE_TEMPLATE');
      await mkdir(templates, { recursive: true });
      await writeFile(path.join(templates, 'bug_report.md'), `## Describe the bug\n\n${PROMPT}\n`);
      const { reportIds } = await harness.ingestText([
        {
          id: 'dark-mode',
          text: `Dark mode toggle is broken\n\n## Describe the bug\nThe dark mode toggle does nothing on my phone, the screen stays white.\n${PROMPT}\n`,
        },
      ]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const groupId = (await harness.store.reports.get(reportIds[0] ?? ''))?.groupId ?? '';
      await harness.pipeline.reinvestigate(groupId);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const [latest] = await harness.store.diagnoses.listOfGroup(groupId);
      // Left in, the prompt's words tied the report to `checkoutSummary` (a guess at 15 %).
      expect(latest?.diagnosis.affectedFiles).toEqual([]);
      expect(latest?.diagnosis.rootCause.summary).toMatch(/^Nothing in the repository/);
    }, 120_000);
  },
);
