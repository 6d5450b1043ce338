import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

describe.each(TEST_DATABASES)('ingest on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it("stores a source's report holding a lone surrogate with U+FFFD in its place, and analyses it", async () => {
    // A provider's payload (a GitHub issue body, a Sentry event) cannot be refused and sent again:
    // stored as it came, the lone half came back as three U+FFFD and the report failed as binary.
    harness = await openHarness(kind);
    const { store, pipeline, project } = harness;
    const result = await pipeline.ingest(
      [
        {
          sourceKind: 'github',
          sourceId: 'issue-7',
          receivedAt: '2026-03-01T10:00:00.000Z',
          format: 'auto',
          payload: {
            json: {
              title: 'Checkout total is wrong \uD83D',
              body: 'The total shows NaN after removing an item \uDE00 from the cart.',
            },
          },
        },
        {
          sourceKind: 'files',
          sourceId: 'text-1',
          receivedAt: '2026-03-01T10:00:00.000Z',
          format: 'auto',
          payload: { text: 'Search \uD800 returns nothing for accented words like café' },
        },
      ],
      { projectId: project.id, sourceId: null },
    );
    await harness.queue.drain({ timeoutMs: 60_000 });
    expect(await store.reports.counts()).toEqual({ grouped: 2 });
    const [issue, text] = await Promise.all(result.reportIds.map((id) => store.reports.get(id)));
    expect(issue?.payload).toEqual({
      json: {
        title: 'Checkout total is wrong \uFFFD',
        body: 'The total shows NaN after removing an item \uFFFD from the cart.',
      },
    });
    expect(text?.payload).toEqual({
      text: 'Search \uFFFD returns nothing for accented words like café',
    });
    const titles = (await store.inbox({})).groups.map((group) => group.title).sort();
    expect(titles[0]).toContain('Checkout total is wrong');
  }, 60_000);
});
