/**
 * A pipeline worker process for the restart and exactly-once tests:
 * `node --import tsx --conditions=@sightline/source pipeline-worker.ts <database> <mode>`.
 * It prints `ran <queue> <job id>` on stdout after each job it ran. Mode `hang-after-diagnosis`
 * prints `diagnosis-stored` once an investigation stored its diagnosis and then never finishes
 * that job, so the test can kill the process at the worst moment (effect written, job not done).
 */

import { type JobHandler, openQueue } from '../queue/index.js';
import { openStore, parseDatabaseLocation } from '../store/index.js';
import { createPipeline, INVESTIGATE_GROUP, PIPELINE_POLICIES } from './index.js';

const [database = '', mode = 'normal'] = process.argv.slice(2);
const store = await openStore(parseDatabaseLocation(database));
const queue = await openQueue(store, PIPELINE_POLICIES);
const pipeline = createPipeline({ store, queue, cacheDir: false });
const handlers: Record<string, JobHandler> = {};
for (const [name, handler] of Object.entries(pipeline.handlers)) {
  handlers[name] = async (data, job) => {
    await handler(data, job);
    if (mode === 'hang-after-diagnosis' && name === INVESTIGATE_GROUP) {
      process.stdout.write('diagnosis-stored\n');
      await new Promise(() => {});
    }
    process.stdout.write(`ran ${name} ${job.id}\n`);
  };
}
await queue.work(handlers, { concurrency: 2 });
process.stdout.write('working\n');
process.on('SIGTERM', async () => {
  await queue.stop();
  await store.close();
  process.exit(0);
});
