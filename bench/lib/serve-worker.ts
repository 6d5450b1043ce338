/**
 * One worker process of `bench:serve`'s Postgres scale-out: what `sightline worker` runs (store,
 * queue, pipeline on SIGHTLINE_TEST_POSTGRES_URL-derived `BENCH_SERVE_WORKER_URL`, 2 jobs at once),
 * with each handler run counted by job id. Prints `ready` on stdout once it works the queue; on
 * SIGTERM it stops and prints one JSON line `{ runs: { [jobId]: n }, cpuSeconds }` (user + system).
 */
import {
  createPipeline,
  type JobHandler,
  openQueue,
  openStore,
  PIPELINE_POLICIES,
} from '@sightline/service';

const url = process.env.BENCH_SERVE_WORKER_URL;
const repo = process.env.BENCH_SERVE_WORKER_REPO;
if (!url || !repo) {
  console.error('serve-worker needs BENCH_SERVE_WORKER_URL and BENCH_SERVE_WORKER_REPO.');
  process.exit(2);
}
const store = await openStore({ postgres: url });
const queue = await openQueue(store, PIPELINE_POLICIES);
const pipeline = createPipeline({ store, queue });
await (await pipeline.context.repository(repo)).index(); // as the in-process run: index before timing
const runs: Record<string, number> = {};
const handlers: Record<string, JobHandler> = {};
for (const [name, handler] of Object.entries(pipeline.handlers)) {
  handlers[name] = async (data, job) => {
    runs[job.id] = (runs[job.id] ?? 0) + 1;
    await handler(data, job);
  };
}
const cpuBefore = process.cpuUsage();
await queue.work(handlers, { concurrency: 2 });
process.stdout.write('ready\n');
process.once('SIGTERM', async () => {
  await queue.stop();
  await store.close();
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(`${JSON.stringify({ runs, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
  process.exit(0);
});
