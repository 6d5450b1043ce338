/**
 * A store, queue and pipeline on a fresh test database, over the investigator's fake repository
 * (a tiny shop with one known bug in `src/cart/total.ts`), for the service's integration tests.
 */
import { commitAll } from '@sightline/codebase/testing';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type JobQueue, openQueue } from '../queue/index.js';
import type { RawReport } from '../sources/types.js';
import { openStore, type ProjectRecord, type Store } from '../store/index.js';
import type { TestDatabaseKind } from '../store/test-databases.test-helper.js';
import {
  createPipeline,
  PIPELINE_POLICIES,
  type Pipeline,
  type PipelineContextOptions,
} from './index.js';

/** A running test service (no HTTP). */
export interface ServiceHarness {
  store: Store;
  queue: JobQueue;
  pipeline: Pipeline;
  repo: FakeRepository;
  project: ProjectRecord;
  /** Ingests text reports as direct `files` ingest. */
  ingestText(
    reports: { id: string; text: string; receivedAt?: string }[],
  ): ReturnType<Pipeline['ingest']>;
  close(): Promise<void>;
}

/** A crash in the fake shop's `cartTotal`, as a V8 stack trace; `line` varies the frame line. */
export function cartCrash(line = 6): string {
  return `TypeError: Cannot read properties of undefined (reading 'price')
    at cartTotal (/srv/shop/src/cart/total.ts:${line}:25)
    at checkoutSummary (/srv/shop/src/checkout.ts:4:10)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;
}

/**
 * Opens a harness. `git: true` makes the fake repository a git work tree with one commit;
 * `pipeline` adds pipeline options (a model resolver, a default model, a cost cap, a log).
 */
export async function openHarness(
  kind: TestDatabaseKind,
  {
    git = false,
    work = true,
    pipeline: extra = {},
  }: {
    git?: boolean;
    work?: boolean;
    pipeline?: Omit<PipelineContextOptions, 'store' | 'queue'>;
  } = {},
): Promise<ServiceHarness> {
  const database = await kind.create();
  const repo = await createFakeRepository();
  if (git) commitAll(repo.root, 'initial');
  const store = await openStore(database.location);
  const queue = await openQueue(store, extra.policies ?? PIPELINE_POLICIES);
  const pipeline = createPipeline({ store, queue, cacheDir: false, ...extra });
  const project = await store.projects.ensure({ name: 'shop', repo: repo.root });
  if (work) await queue.work(pipeline.handlers, { concurrency: 2 });
  return {
    store,
    queue,
    pipeline,
    repo,
    project,
    ingestText: (reports) =>
      pipeline.ingest(
        reports.map(
          (report): RawReport => ({
            sourceKind: 'files',
            sourceId: report.id,
            receivedAt: report.receivedAt ?? '2026-03-01T10:00:00.000Z',
            format: 'auto',
            payload: { text: report.text },
          }),
        ),
        { projectId: project.id, sourceId: null },
      ),
    async close() {
      await queue.stop();
      await store.close();
      await database.drop();
      await repo.cleanup();
    },
  };
}
