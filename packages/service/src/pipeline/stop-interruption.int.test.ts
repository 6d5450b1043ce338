import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openQueue } from '../queue/index.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';
import { createPipeline, INVESTIGATE_GROUP, PIPELINE_POLICIES } from './index.js';
import { INTERRUPTED_BY_STOP } from './investigate-group.js';

/** One attempt in all: a stop that counted as an attempt would end the investigation failed. */
const ONE_ATTEMPT = {
  ...PIPELINE_POLICIES,
  [INVESTIGATE_GROUP]: { maxAttempts: 1, retryDelayMs: 10, timeoutMs: 60_000, keyed: true },
};

// pg-boss counts a stopped run as a failed attempt (it has no way to give one back).
const sqlite = TEST_DATABASES.filter((kind) => kind.name === 'sqlite');

/**
 * Asserts what an orderly stop leaves of a group's running investigation: the group queued with
 * the interruption's detail and no attempt spent, one log line saying so, and its job created
 * again with 0 attempts.
 */
async function expectPutBack(harness: ServiceHarness, groupId: string, lines: string[]) {
  expect((await harness.store.groups.get(groupId)).investigation).toEqual({
    state: 'queued',
    detail: INTERRUPTED_BY_STOP,
    attempts: 0,
  });
  expect(lines.filter((line) => line.includes(' investigation '))).toEqual([
    `group ${groupId}: investigation interrupted by the shutdown; it runs again on the next start`,
  ]);
  const waiting = await harness.store.db
    .selectFrom('jobs')
    .select(['state', 'attempts'])
    .where('queue', '=', INVESTIGATE_GROUP)
    .where('state', '!=', 'completed')
    .execute();
  expect(waiting).toEqual([{ state: 'created', attempts: 0 }]);
}

describe.each(sqlite)('an investigation the service stops on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  it('is queued again as it was, says so, and runs at the next start as its first attempt', async () => {
    let called: () => void = () => {};
    const modelCalled = new Promise<void>((resolve) => {
      called = resolve;
    });
    // A model server that answers only when the call is aborted.
    const silent = new MockLanguageModelV3({
      provider: 'openai',
      modelId: 'gpt-5-mini',
      doGenerate: ({ abortSignal }) => {
        called();
        return new Promise((_, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        );
      },
    });
    const lines: string[] = [];
    harness = await openHarness(kind, {
      pipeline: {
        policies: ONE_ATTEMPT,
        log: (line) => lines.push(line),
        models: { slow: 'openai:gpt-5-mini' },
        resolveModel: () => silent,
      },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    const groupId = group?.id ?? '';
    await harness.pipeline.reinvestigate(groupId, { model: 'slow' });
    await modelCalled;
    await harness.queue.stop();

    await expectPutBack(harness, groupId, lines);

    // The next start runs it at once, as its first attempt (here its model server is down).
    const queue = await openQueue(harness.store, ONE_ATTEMPT);
    const pipeline = createPipeline({
      store: harness.store,
      queue,
      cacheDir: false,
      policies: ONE_ATTEMPT,
      log: () => {},
      models: { slow: 'openai:gpt-5-mini' },
      resolveModel: () => {
        throw new Error('The model server answered 503 Service Unavailable.');
      },
    });
    await queue.work(pipeline.handlers, { concurrency: 1 });
    try {
      await vi.waitFor(
        async () =>
          expect((await harness.store.groups.get(groupId)).investigation).toEqual({
            state: 'failed',
            detail: 'The model server answered 503 Service Unavailable.',
            attempts: 1,
          }),
        { timeout: 30_000 },
      );
    } finally {
      await queue.stop();
    }
  }, 120_000);

  it('is marked queued when its run ignores the stop (indexing the repository), as its job is put back', async () => {
    // Trial: repository indexing does not check the signal; the queue put the job back at the end
    // of its grace, but the group stayed `running` while the service was stopped and after.
    const lines: string[] = [];
    harness = await openHarness(kind, {
      pipeline: { policies: ONE_ATTEMPT, log: (line) => lines.push(line) },
    });
    await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    const groupId = group?.id ?? '';
    let indexing: () => void = () => {};
    const indexingStarted = new Promise<void>((resolve) => {
      indexing = resolve;
    });
    // An index that takes longer than the stop's grace, deaf to the signal.
    vi.spyOn(harness.pipeline.context, 'repository').mockImplementation(() => {
      indexing();
      return new Promise(() => {});
    });
    await harness.pipeline.reinvestigate(groupId);
    await indexingStarted;
    expect((await harness.store.groups.get(groupId)).investigation?.state).toBe('running');
    await harness.queue.stop();

    await expectPutBack(harness, groupId, lines);
  }, 120_000);
});
