import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { investigateWithModel } from './run-agent.js';

let repo: FakeRepository;
beforeAll(async () => {
  repo = await createFakeRepository();
});
afterAll(() => repo.cleanup());

describe('investigateWithModel step timeout', () => {
  it('fails with MODEL_CALL_FAILED instead of hanging when the model never answers', async () => {
    // A server that accepts the request and never replies: the call ends only when aborted.
    const silent = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_resolve, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
        }),
    });
    const started = Date.now();
    const failure = await investigateWithModel({
      report: repo.report,
      repository: repo.repository,
      model: silent,
      suspects: [],
      repoMap: '',
      label: 'bug',
      stepTimeoutMs: 200,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'MODEL_CALL_FAILED', details: { timedOut: true } });
    expect((failure as Error).message).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
