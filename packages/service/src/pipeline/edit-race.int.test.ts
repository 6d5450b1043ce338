import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';
import type { PipelineContext } from './pipeline-context.js';
import { processReports } from './process-report.js';

const REQUEST = 'Please add an export button to the orders page, we need it every Tuesday.';

/**
 * The context a `process-report` job runs with, storing `edit` once while it analyses a report
 * (when it loads the project's repository): an upstream edit arriving mid-job.
 */
function editingMidJob(context: PipelineContext, edit: () => Promise<unknown>): PipelineContext {
  let done = false;
  return {
    ...context,
    async repository(repo) {
      if (!done) {
        done = true;
        await edit();
      }
      return context.repository(repo);
    },
  };
}

describe.each(TEST_DATABASES)('an edit stored while its report is analysed, on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it("is analysed by the edit's own job; the replaced text's analysis is not kept", async () => {
    // Fresh-user trial 24: an edit posted right after the report was stored, then the report
    // kept the original's analysis and its group the original's title for good.
    harness = await openHarness(kind, { work: false });
    const { store, pipeline } = harness;
    const [reportId = ''] = (await harness.ingestText([{ id: 'issue-3', text: REQUEST }]))
      .reportIds;
    const job = editingMidJob(pipeline.context, () =>
      harness.ingestText([{ id: 'issue-3', text: cartCrash() }]),
    );
    await processReports(job, [reportId]);
    expect(await store.reports.counts()).toEqual({ received: 1 });
    expect((await store.inbox({})).groups).toEqual([]);

    await processReports(pipeline.context, [reportId]);
    const report = await store.reports.get(reportId);
    expect(report?.analysis?.classification.label).toBe('crash');
    const { groups } = await store.inbox({});
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: report?.groupId, label: 'crash', count: 1 });
  }, 60_000);

  it('a grouped report edited twice keeps the analysis of the second edit', async () => {
    harness = await openHarness(kind, { work: false });
    const { store, pipeline } = harness;
    const [reportId = ''] = (await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]))
      .reportIds;
    await processReports(pipeline.context, [reportId]);
    await harness.ingestText([{ id: 'crash-1', text: `${cartCrash()}\nSeen once more.` }]);
    const job = editingMidJob(pipeline.context, () =>
      harness.ingestText([{ id: 'crash-1', text: `${cartCrash()}\nSeen after the update too.` }]),
    );
    await processReports(job, [reportId]);
    expect((await store.reports.get(reportId))?.stage).toBe('received');

    await processReports(pipeline.context, [reportId]);
    const report = await store.reports.get(reportId);
    expect(report?.stage).toBe('grouped');
    expect(JSON.stringify(report?.analysis?.report)).toContain('Seen after the update too.');
    expect(await store.reports.revisions(reportId)).toHaveLength(3);
  }, 60_000);
});
