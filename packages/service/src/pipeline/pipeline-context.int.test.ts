import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

const sqlite = TEST_DATABASES.filter((kind) => kind.name === 'sqlite');

describe.each(sqlite)('the pipeline context ($name)', (kind) => {
  let harness: ServiceHarness | undefined;
  afterEach(async () => harness?.close());

  it('has no history for a folder without git', async () => {
    harness = await openHarness(kind, { work: false });
    expect(await harness.pipeline.context.history(harness.repo.root)).toBeNull();
  });

  it('opens a git history once per revision, at that revision', async () => {
    harness = await openHarness(kind, { git: true, work: false });
    const { context } = harness.pipeline;
    const first = await context.history(harness.repo.root);
    expect(first?.head).toBe(await context.revision(harness.repo.root));
    // The same object: opened once, not once per investigation.
    expect(await context.history(harness.repo.root)).toBe(first);
  });

  // Only root can hand a checkout to another user; git then refuses it as "dubious ownership".
  it.skipIf(process.getuid?.() !== 0)(
    'carries a history git refuses to read into the diagnosis as a warning',
    async () => {
      harness = await openHarness(kind, { git: true });
      const { context } = harness.pipeline;
      execFileSync('chown', ['-R', '65534:65534', harness.repo.root]);
      const warning = await context.historyWarning(harness.repo.root);
      expect(warning).toMatch(
        /dubious ownership.*the diagnosis has no history part .* Run the service as the user who owns the checkout, or trust it with `git config --global --add safe\.directory DIR` as the service's user\.$/,
      );
      await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const [group] = (await harness.store.inbox({})).groups;
      const [stored] = await harness.store.diagnoses.listOfGroup(group?.id ?? '');
      expect(stored?.diagnosis.history).toBeUndefined();
      expect(stored?.diagnosis.warnings).toEqual([warning]);
    },
    120_000,
  );
});
