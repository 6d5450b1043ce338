import type { ScriptedToolCall } from '@sightline/core/testing';
import { resolveModel } from '@sightline/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS, CART_REPORT, NOT_FOUND_REPORT } from './__fixtures__/cart-diagnosis.js';
import { startProviderServer } from './__fixtures__/provider-server.js';
import { runScripted } from './__fixtures__/run-scripted.js';
import { NOT_RUN_RESULT } from './phase-notes.js';
import { investigateWithModel } from './run-agent.js';

const call = (toolName: string, input: unknown): { toolCalls: ScriptedToolCall[] } => ({
  toolCalls: [{ toolName, input }],
});
const SUMMARY = 'cartTotal in src/cart/total.ts starts its loop at 1 and skips items[0].';
const TO_OUTPUT = [
  call('grep', { pattern: 'cartTotal' }),
  call('suspect', { locations: [{ path: 'src/cart/total.ts', why: 'the loop' }] }),
  call('conclude', { summary: SUMMARY }),
];
const STRAY = call('read_file', { path: 'src/cart/total.ts' });

describe('a tool call in the output step (a server that ignores tool choice none)', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('is not run: it is answered "not run", the report is asked for once more, and the run is kept', async () => {
    const { agent, structurer, result } = runScripted(repository, [
      ...TO_OUTPUT,
      { ...STRAY, text: 'Let me check one more thing.' },
      { text: CART_REPORT },
    ]);
    const { diagnosis, markdown, stats } = await result;
    expect(markdown).toBe(CART_REPORT);
    expect(diagnosis.verification).toEqual({ verified: true, reasons: [] });
    expect(structurer.calls).toHaveLength(0);
    // The re-ask: tool choice none again, the withheld call answered as not run, the format again.
    const reask = agent.calls.at(-1);
    expect(reask?.toolChoice).toEqual({ type: 'none' });
    const last = JSON.stringify(reask?.prompt.slice(-3));
    expect(last).toContain(NOT_RUN_RESULT);
    expect(last).toContain('Let me check one more thing.');
    expect(last).toContain('## Root cause');
    expect(stats.byPhase.output?.steps).toBe(2);
    expect(stats.byPhase.output?.inputTokens).toBeGreaterThan(0);
  });

  it('keeps a report written beside a stray tool call without asking again', async () => {
    const { agent, result } = runScripted(repository, [
      ...TO_OUTPUT,
      { ...STRAY, text: CART_REPORT },
    ]);
    expect((await result).markdown).toBe(CART_REPORT);
    expect(agent.calls).toHaveLength(TO_OUTPUT.length + 1);
  });

  it('sends the conclude summary to the structurer when the model calls a tool twice', async () => {
    const { structurer, result } = runScripted(
      repository,
      [...TO_OUTPUT, STRAY, STRAY],
      [{ text: JSON.stringify(CART_DIAGNOSIS) }],
    );
    const { diagnosis, markdown } = await result;
    expect(markdown).toBe(`## Root cause\n${SUMMARY}`);
    expect(JSON.stringify(structurer.calls[0]?.prompt)).toContain(SUMMARY);
    expect(diagnosis.verification?.verified).toBe(true);
  });

  it('keeps a partial report when there is neither a report nor a conclude summary', async () => {
    const { result } = runScripted(repository, [
      call('grep', { pattern: 'cartTotal' }),
      call('suspect', { locations: [{ path: 'src/cart/total.ts', why: 'the loop' }] }),
      { text: 'Done looking.' },
      STRAY,
      STRAY,
    ]);
    await expect(result).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      details: { markdown: expect.stringContaining('`grep` {"pattern":"cartTotal"}') },
    });
  });

  it('over the wire: an OpenAI-compatible server that answers tool_choice none with a tool call', async () => {
    const server = await startProviderServer('openai-chat', [
      ...TO_OUTPUT,
      STRAY,
      { text: CART_REPORT },
    ]);
    try {
      const { model } = resolveModel(`openai-compatible:${server.baseURL}#qwen2.5-coder:14b`, {
        env: {},
        baseURL: server.baseURL,
      });
      const result = await investigateWithModel({
        report: repository.report,
        repository: repository.repository,
        model,
        suspects: [],
        repoMap: '',
        label: 'bug',
      });
      expect(result.markdown).toBe(CART_REPORT);
      expect(result.diagnosis.verification?.verified).toBe(true);
      const [output, reask] = server.requests.slice(-2).map((request) => request.body);
      expect(output?.tool_choice).toBe('none');
      expect(reask?.tool_choice).toBe('none');
      const messages = reask?.messages as { role: string; content: unknown }[];
      expect(messages.findLast((message) => message.role === 'tool')?.content).toBe(NOT_RUN_RESULT);
    } finally {
      await server.close();
    }
  });
});

describe('an honest "not found"', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('is its own outcome: no structurer, not verified, marked not found with what was checked', async () => {
    const { structurer, result } = runScripted(repository, [
      call('grep', { pattern: 'discount' }),
      call('conclude', { summary: 'not found: no discount code in the repository' }),
      { text: NOT_FOUND_REPORT },
    ]);
    const { diagnosis } = await result;
    expect(structurer.calls).toHaveLength(0);
    expect(diagnosis.verification).toEqual({
      verified: false,
      notFound: true,
      reasons: [expect.stringContaining('No cause found')],
    });
    expect(diagnosis.rootCause.summary).toMatch(/^Not found: /);
    expect(diagnosis.affectedFiles.map((file) => [file.path, file.role])).toEqual([
      ['src/checkout.ts', 'related'],
    ]);
  });
});
