import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

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
});
