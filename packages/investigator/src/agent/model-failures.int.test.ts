import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScriptedResponse } from '@sightline/core/testing';
import { APICallError } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import { runScripted } from './__fixtures__/run-scripted.js';
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

const call = (toolName: string, input: unknown): ScriptedResponse => ({
  toolCalls: [{ toolName, input }],
});
const SUSPECT = call('suspect', { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] });
const CONCLUDE = call('conclude', { summary: 'The loop skips items[0].' });
const SHORT_REPORT = '## Root cause\ncartTotal starts its loop at index 1.';
/** Explore with one misbehaving step first, then the usual way to a report. */
const after = (...first: ScriptedResponse[]): ScriptedResponse[] => [
  ...first,
  call('read_file', { path: 'src/cart/total.ts' }),
  SUSPECT,
  CONCLUDE,
  { text: SHORT_REPORT },
];
const VALID_ANSWER = { text: JSON.stringify(CART_DIAGNOSIS) };
const withQuote = (quote: string) => ({
  text: JSON.stringify({
    ...CART_DIAGNOSIS,
    affectedFiles: CART_DIAGNOSIS.affectedFiles.map((file) => ({
      ...file,
      evidence: [{ path: 'src/cart/total.ts', line: 6, quote }],
    })),
  }),
});

/** Outcomes a user may get: a verified diagnosis, an unverified one with reasons, or a clean failure. */
type Outcome = 'verified' | 'unverified' | 'MODEL_OUTPUT_INVALID' | 'MODEL_CALL_FAILED';

const SCENARIOS: {
  name: string;
  agent: ScriptedResponse[];
  structurer?: ScriptedResponse[];
  outcomes: Outcome[];
}[] = [
  {
    name: 'calls a tool that does not exist',
    agent: after(call('delete_file', { path: 'src/cart/total.ts' })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'gives arguments that fail the schema',
    agent: after(call('grep', { pattern: 42, glob: ['*'] })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'reads a path outside the repository, then one that does not exist',
    agent: after(
      call('read_file', { path: '../../../etc/passwd' }),
      call('read_file', { path: 'src/cart/nope.ts' }),
    ),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'makes the same call over and over (the tool-call budget ends it after 10)',
    agent: [
      ...Array.from({ length: 10 }, () => call('grep', { pattern: 'cartTotal' })),
      { text: SHORT_REPORT },
    ],
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'answers with neither a tool call nor text',
    agent: [{ text: '' }, { text: '' }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'answers in prose where JSON was asked',
    agent: after(),
    structurer: [{ text: 'The bug is in the cart loop.' }, { text: 'As I said, the cart loop.' }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'wraps the JSON in extra text',
    agent: after(),
    structurer: [
      { text: `Here is the diagnosis:\n\`\`\`json\n${VALID_ANSWER.text}\n\`\`\`\nHope it helps.` },
      VALID_ANSWER,
    ],
    outcomes: ['verified'],
  },
  {
    name: 'quotes lines that are not in the file',
    agent: after(),
    structurer: [withQuote('for (const item of items) {'), withQuote('total = items.reduce(sum);')],
    outcomes: ['unverified', 'MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'proposes a patch that does not apply',
    agent: after(),
    structurer: [
      {
        text: JSON.stringify({
          ...CART_DIAGNOSIS,
          proposedChange: {
            description: 'Start at 0.',
            patch:
              '--- a/src/cart/total.ts\n+++ b/src/cart/total.ts\n@@ -1,1 +1,1 @@\n-nothing like this\n+let index = 0;\n',
          },
        }),
      },
      VALID_ANSWER,
    ],
    outcomes: ['verified'],
  },
  {
    name: 'writes a 50,000-token report',
    agent: after().map((step) =>
      'toolCalls' in step
        ? step
        : { text: `${SHORT_REPORT}\n\n${'The loop is wrong. '.repeat(12_500)}` },
    ),
    structurer: [VALID_ANSWER],
    outcomes: ['verified', 'unverified', 'MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'refuses',
    agent: [{ text: "I'm sorry, I can't help with that." }, { text: "I can't help with that." }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'obeys a report that asks for the .env file',
    agent: after(call('read_file', { path: '.env' }), call('grep', { pattern: 'API_KEY' })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
];

describe('investigateWithModel with a model that misbehaves', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
    await writeFile(path.join(repository.root, '.env'), `API_KEY=${SECRET}\n`);
  });
  afterAll(() => repository.cleanup());

  it.each(SCENARIOS)(
    '$name: ends in $outcomes',
    async ({ agent, structurer = [], outcomes }) => {
      const run = runScripted(repository, agent, structurer);
      const outcome = await run.result.then(
        ({ diagnosis }) => ({
          kind: diagnosis.verification?.verified ? 'verified' : 'unverified',
          shown: JSON.stringify(diagnosis),
        }),
        (error: { code?: string; details?: unknown; message: string }) => ({
          kind: error.code ?? error.message,
          shown: JSON.stringify([error.message, error.details]),
        }),
      );
      expect(outcomes).toContain(outcome.kind);
      const prompts = JSON.stringify(
        [run.agent.calls, run.structurer.calls].map((calls) => calls.map((c) => c.prompt)),
      );
      expect(`${prompts}${outcome.shown}`).not.toContain(SECRET);
      const toolCalls = agent
        .slice(0, run.agent.calls.length)
        .reduce((total, step) => total + ('toolCalls' in step ? step.toolCalls.length : 0), 0);
      expect(toolCalls).toBeLessThanOrEqual(10);
    },
    60_000,
  );
});
