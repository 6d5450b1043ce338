import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';
import { PIPELINE_POLICIES, PROCESS_REPORT } from './jobs.js';
import { processReports } from './process-report.js';

describe.each(TEST_DATABASES)('a batch of reports on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('is retried whole while attempts remain; on the last, a report that still throws fails alone', async () => {
    harness = await openHarness(kind, { work: false });
    const { store, pipeline } = harness;
    const gone = await store.projects.ensure({ name: 'gone', repo: '/nonexistent/sightline-repo' });
    const good = await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    const bad = await pipeline.ingest(
      [
        {
          sourceKind: 'files',
          sourceId: 'crash-2',
          receivedAt: '2026-03-01T10:00:00.000Z',
          format: 'auto',
          payload: { text: cartCrash(7) },
        },
      ],
      { projectId: gone.id, sourceId: null },
    );
    const batch = [...good.reportIds, ...bad.reportIds];

    await expect(processReports(pipeline.context, batch, 1)).rejects.toThrow();
    expect(await store.reports.counts()).toEqual({ received: 2 });

    const last = PIPELINE_POLICIES[PROCESS_REPORT]?.maxAttempts ?? 1;
    await processReports(pipeline.context, batch, last);
    expect(await store.reports.counts()).toEqual({ grouped: 1, failed: 1 });
    expect((await store.reports.get(bad.reportIds[0] ?? ''))?.error).toMatch(/^analysis failed: /);
    // Run again (a retry after a crash): nothing changes, nothing is counted twice.
    await processReports(pipeline.context, batch, last);
    const [group] = (await store.inbox({})).groups;
    expect(group).toMatchObject({ label: 'crash', count: 1 });
  }, 60_000);

  it('on the last attempt, a report whose grouping or re-analysis throws fails alone', async () => {
    harness = await openHarness(kind, { work: false });
    const { store, pipeline } = harness;
    const last = PIPELINE_POLICIES[PROCESS_REPORT]?.maxAttempts ?? 1;
    const first = await harness.ingestText([{ id: 'edited', text: cartCrash() }]);
    await processReports(pipeline.context, first.reportIds, last);
    // An edit upstream: the grouped report is received again, to be analysed in its group.
    await harness.ingestText([{ id: 'edited', text: `${cartCrash()}\nSeen twice.` }]);
    const fresh = await harness.ingestText([
      { id: 'crash-2', text: cartCrash(7) },
      { id: 'poison', text: 'Checkout button does nothing' },
      { id: 'crash-3', text: cartCrash(8) },
    ]);
    const [edited] = first.reportIds;
    const poison = fresh.reportIds[1];
    const { groups } = pipeline.context.store;
    const attachMany = groups.attachMany.bind(groups);
    groups.attachMany = async (inputs) => {
      if (inputs.some((input) => input.reportId === poison)) throw new Error('constraint failed');
      return attachMany(inputs);
    };
    const regroup = groups.regroup.bind(groups);
    groups.regroup = async (input) => {
      if (input.reportId === edited) throw new Error('disk full');
      return regroup(input);
    };
    const batch = [edited ?? '', ...fresh.reportIds];
    await expect(processReports(pipeline.context, batch, 1)).rejects.toThrow();
    await processReports(pipeline.context, batch, last);
    expect(await store.reports.counts()).toEqual({ grouped: 2, failed: 2 });
    expect((await store.reports.get(poison ?? ''))?.error).toMatch(/^grouping failed: constraint/);
    expect((await store.reports.get(edited ?? ''))?.error).toMatch(/^analysis failed: disk full/);
  }, 60_000);
});
