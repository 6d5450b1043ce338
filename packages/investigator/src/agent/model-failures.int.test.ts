import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScriptedResponse } from '@sightline/core/testing';
import { APICallError } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import {
  countScriptedToolCalls,
  MISBEHAVING_SCENARIOS,
  settleOutcome,
} from './__fixtures__/misbehaving-models.js';
import { runScripted } from './__fixtures__/run-scripted.js';
import { DEFAULT_FUNNEL_BUDGETS } from './phases.js';
import { RELAXED_OUTPUT_OPTIONS } from './structurer-schema.js';

/** A report in free form (no Confidence section): only a structurer can read it. */
const FREE_FORM = `## Root cause
cartTotal starts its loop at index 1, so the first line item is never added.

## Affected files
- src/cart/total.ts:6-8 — the loop.`;

const VALID = CART_DIAGNOSIS;

const GREP: ScriptedResponse = {
  toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }],
};

/** Explore, suspect, conclude: the loop reaches its output step, which writes `FREE_FORM`. */
const TO_REPORT: ScriptedResponse[] = [
  GREP,
  {
    toolCalls: [
      { toolName: 'suspect', input: { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
  { text: FREE_FORM },
];

const badRequest = (message: string, responseBody = JSON.stringify({ error: { message } })) =>
  new APICallError({
    message,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 400,
    responseBody,
  });

describe('investigateWithModel with a misbehaving model or server', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  const run = (agentScript: ScriptedResponse[], structurerScript: ScriptedResponse[] = []) =>
    runScripted(repository, agentScript, structurerScript);

  it('fails clearly when the model never calls a tool, even after the nudge', async () => {
    const { agent, result } = run([{ text: 'Shall I proceed?' }, { text: 'It is the cart loop.' }]);
    await expect(result).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      message: expect.stringContaining('does not support tool calling'),
      details: { noToolCalls: true },
    });
    expect(agent.calls).toHaveLength(2);
  });

  it('says so when the model writes its tool calls as plain text', async () => {
    const asText = '{"name": "grep", "arguments": {"pattern": "cartTotal"}}';
    const { result } = run([{ text: asText }, { text: `<tool_call>${asText}</tool_call>` }]);
    await expect(result).rejects.toMatchObject({
      message: expect.stringContaining('wrote its tool calls as plain text'),
    });
  });

  it('fails with what to change when the server cut the prompt (context too small)', async () => {
    const { agent, result } = run([{ ...GREP, usage: { input: 40, output: 5 } }]);
    await expect(result).rejects.toMatchObject({
      code: 'MODEL_CALL_FAILED',
      message: expect.stringMatching(/read only 40 prompt tokens[\s\S]*OLLAMA_CONTEXT_LENGTH/),
      details: { contextTruncated: true, reportedTokens: 40 },
    });
    expect(agent.calls).toHaveLength(1);
  });

  it('names a server without tool support', async () => {
    const { result } = run([
      { error: badRequest('registry.ollama.ai/library/gemma:2b does not support tools') },
    ]);
    await expect(result).rejects.toMatchObject({
      code: 'MODEL_CALL_FAILED',
      message: expect.stringContaining('does not support tool calling'),
      details: { noToolSupport: true, statusCode: 400 },
    });
  });

  it('keeps the Markdown report when the structurer call fails with a 400 or a network error', async () => {
    for (const error of [badRequest('max_tokens is too large'), new Error('socket hang up')]) {
      const { result } = run(TO_REPORT, [{ error }]);
      await expect(result).rejects.toMatchObject({
        code: 'MODEL_CALL_FAILED',
        message: expect.stringContaining("The investigation's Markdown report is kept."),
        details: { markdown: FREE_FORM },
      });
    }
  });

  it('retries without strict mode when the provider rejects the output schema', async () => {
    const rejection = badRequest(
      "Invalid schema for response_format 'response': minLength is not permitted",
    );
    const { structurer, result } = run(TO_REPORT, [
      { error: rejection },
      { text: JSON.stringify(VALID) },
    ]);
    const { diagnosis } = await result;
    expect(structurer.calls.map((call) => call.providerOptions)).toEqual([
      undefined,
      RELAXED_OUTPUT_OPTIONS,
    ]);
    expect(diagnosis.verification).toEqual({ verified: true, reasons: [] });
  });
});

/** A fake secret in the repository's `.env`; it must reach no prompt and no outcome. */
const SECRET = 'sk-misbehave-0000000000000000';

describe('investigateWithModel with a model that misbehaves', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
    await writeFile(path.join(repository.root, '.env'), `API_KEY=${SECRET}\n`);
  });
  afterAll(() => repository.cleanup());

  it.each(MISBEHAVING_SCENARIOS)(
    '$name: ends in $outcomes',
    async ({ agent, structurer = [], outcomes }) => {
      const run = runScripted(repository, agent, structurer);
      const outcome = await settleOutcome(run.result);
      expect(outcomes).toContain(outcome.kind);
      const prompts = JSON.stringify(
        [run.agent.calls, run.structurer.calls].map((calls) => calls.map((c) => c.prompt)),
      );
      expect(`${prompts}${outcome.shown}`).not.toContain(SECRET);
      // The default tool-call budget bounds every run (bench:agent reports issue #15's ≤ 10 apart).
      const toolCalls = countScriptedToolCalls(agent, run.agent.calls.length);
      expect(toolCalls).toBeLessThanOrEqual(DEFAULT_FUNNEL_BUDGETS.toolCalls ?? 0);
    },
    60_000,
  );
});
