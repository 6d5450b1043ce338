import { afterEach, describe, expect, it, vi } from 'vitest';
import { openQueue } from '../queue/index.js';
import { POSTGRES_SKIP_MESSAGE, TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';
import { INVESTIGATE_GROUP, PIPELINE_POLICIES, REPORTS_PER_JOB } from './index.js';
import { spawnWorker, type WorkerProcess } from './spawn-worker.test-helper.js';

const sqlite = TEST_DATABASES.filter((kind) => kind.name === 'sqlite');
const postgres = TEST_DATABASES.filter((kind) => kind.name === 'postgres');
if (postgres.length === 0) console.warn(POSTGRES_SKIP_MESSAGE);

let harness: ServiceHarness | undefined;
const workers: WorkerProcess[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await harness?.close();
  harness = undefined;
});

function databaseOf(h: ServiceHarness): string {
  const { location } = h.store;
  return 'sqlite' in location ? location.sqlite : location.postgres;
}

describe.each(sqlite)('a worker killed mid-job ($name)', (kind) => {
  it('finishes that job exactly once after a restart', async () => {
    harness = await openHarness(kind, { work: false });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    const doomed = spawnWorker(databaseOf(harness), 'hang-after-diagnosis');
    workers.push(doomed);
    await doomed.waitFor('diagnosis-stored');
    doomed.child.kill('SIGKILL');
    await doomed.stop();
    expect(await harness.queue.counts()).toMatchObject({ active: 1 });

    const successor = spawnWorker(databaseOf(harness), 'normal');
    workers.push(successor);
    await successor.waitFor('working');
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    expect(await harness.store.diagnoses.listOfGroup(group?.id ?? '')).toHaveLength(1);
    // The worker prints its line before the queue marks the job done, but the line reaches this
    // process through a pipe, which the drain's poll may beat: wait for it.
    await vi.waitFor(
      () =>
        expect(
          successor.lines.filter((line) => line.startsWith(`ran ${INVESTIGATE_GROUP}`)),
        ).toHaveLength(1),
      { timeout: 10_000 },
    );
    expect(await harness.queue.counts()).toEqual({ completed: 2 });
  }, 120_000);
});

describe.each(postgres)('two workers on one Postgres', (kind) => {
  it('do each job exactly once', async () => {
    harness = await openHarness(kind, { work: false });
    // Start pg-boss' schema before the workers race to create it.
    await openQueue(harness.store, PIPELINE_POLICIES).then((queue) => queue.stop());
    // Eight batches, so that both workers have jobs to race for.
    const total = 8 * REPORTS_PER_JOB;
    const reports = Array.from({ length: total }, (_, i) => ({
      id: `r${i}`,
      text:
        i % 2 ? cartCrash(6 + i) : `Review ${i}: the checkout button does nothing on screen ${i}`,
    }));
    const first = spawnWorker(databaseOf(harness), 'normal');
    const second = spawnWorker(databaseOf(harness), 'normal');
    workers.push(first, second);
    await Promise.all([first.waitFor('working'), second.waitFor('working')]);
    await harness.ingestText(reports);
    await harness.queue.drain({ timeoutMs: 90_000 });
    const counts = await harness.queue.counts();
    const ranLines = () =>
      [...first.lines, ...second.lines].filter((line) => line.startsWith('ran '));
    // Each job's line comes through a pipe, which the drain's poll may beat: wait for all of them.
    await vi.waitFor(() => expect(ranLines()).toHaveLength(counts.completed ?? 0), {
      timeout: 10_000,
    });
    const ran = ranLines();
    const jobIds = ran.map((line) => line.split(' ')[2]);
    expect(new Set(jobIds).size).toBe(jobIds.length);
    // Each batch of REPORTS_PER_JOB one job, run once. Which worker runs how many depends on when
    // each polls (one may take them all on a loaded machine): the split is measured by bench:serve.
    expect(ran.filter((line) => line.startsWith('ran process-report'))).toHaveLength(8);
    expect(await harness.store.reports.counts()).toEqual({ grouped: total });
  }, 180_000);
});
