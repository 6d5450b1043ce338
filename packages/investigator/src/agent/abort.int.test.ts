import { SightlineError } from '@sightline/core';
import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { investigateWithModel } from './run-agent.js';

let repo: FakeRepository;
beforeAll(async () => {
  repo = await createFakeRepository();
});
afterAll(() => repo.cleanup());

/** Runs the agent with `responses`, aborting once the model has been called `abortAfterCalls` times. */
async function runAborted(responses: ScriptedResponse[], abortAfterCalls: number) {
  const scripted = createScriptedModel(responses);
  const controller = new AbortController();
  const run = investigateWithModel({
    report: repo.report,
    repository: repo.repository,
    model: scripted.model,
    suspects: [],
    repoMap: '',
    label: 'bug',
    abortSignal: controller.signal,
  }).catch((error: unknown) => error);
  await vi.waitFor(() => expect(scripted.calls).toHaveLength(abortAfterCalls));
  controller.abort();
  return { failure: await run, scripted };
}

describe('investigateWithModel abortSignal', () => {
  it('stops the model call in flight with ABORTED when the caller aborts', async () => {
    // The step timeout (3 minutes by default) would end this call much later than the test allows.
    const { failure, scripted } = await runAborted([{ hang: true }], 1);
    expect(SightlineError.isInstance(failure) && failure.code).toBe('ABORTED');
    expect((failure as Error).message).toMatch(/cancelled/);
    expect(scripted.calls[0]?.abortSignal?.aborted).toBe(true);
  });

  it('stops the structurer call too', async () => {
    const { failure } = await runAborted(
      [
        { toolCalls: [{ toolName: 'conclude', input: { summary: 'x' } }] },
        { text: '## Root cause\nx' },
        { hang: true },
      ],
      3,
    );
    expect(SightlineError.isInstance(failure) && failure.code).toBe('ABORTED');
  });
});
