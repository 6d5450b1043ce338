import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../history/compaction-events.js';
import { createMemoryStore } from '../stores/memory-store.js';
import { OFFLOADED_RESULT_PREFIX } from './offload-tool-output.js';
import { wrapTools } from './wrap-tools.js';

type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const callTool = (toolName: string): LanguageModelV3GenerateResult => ({
  content: [{ type: 'tool-call', toolCallId: 'call_1', toolName, input: '{}' }],
  finishReason: { unified: 'tool-calls', raw: undefined },
  usage,
  warnings: [],
});
const done: LanguageModelV3GenerateResult = {
  content: [{ type: 'text', text: 'done' }],
  finishReason: { unified: 'stop', raw: undefined },
  usage,
  warnings: [],
};
const noInput = jsonSchema<Record<string, never>>({ type: 'object', properties: {} });
const bigLog = Array.from({ length: 3_000 }, (_, index) => `log line ${index + 1}`).join('\n');

/** Runs one tool call of `toolName` then stops; returns the second prompt's tool message. */
async function runOnce(tools: Parameters<typeof generateText>[0]['tools'], toolName: string) {
  const model = new MockLanguageModelV3({ doGenerate: [callTool(toolName), done] });
  const result = await generateText({ model, tools, prompt: 'Go.', stopWhen: stepCountIs(3) });
  const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === 'tool');
  return { result, toolMessage };
}

describe('wrapTools', () => {
  it('offloads a large result: the model sees the replacement, the app keeps the original', async () => {
    const store = createMemoryStore();
    const events: CompactionEvent[] = [];
    const tools = wrapTools(
      { logs: tool({ inputSchema: noInput, execute: async () => bigLog }) },
      {
        store,
        session: 's1',
        limitTokens: 1_000,
        onEvent: (event) => events.push(event),
        currentStep: () => 0,
        now: () => 7,
      },
    );
    const { result, toolMessage } = await runOnce(tools, 'logs');
    const part = toolMessage?.content[0];
    expect(
      part?.type === 'tool-result' && part.output.type === 'text' && part.output.value,
    ).toMatch(new RegExp(`^\\${OFFLOADED_RESULT_PREFIX} logs returned`));
    expect(result.steps[0]?.toolResults[0]?.output).toBe(bigLog);
    expect((await store.read('/tool_results/s1/call_1.txt')).content).toBe(bigLog);
    expect(events).toEqual([
      {
        type: 'tool-result-offload',
        session: 's1',
        step: 0,
        // Without a compaction engine the context is unknown (0): whole-context figures are the
        // result's own.
        tokensBefore: events[0]?.resultTokensBefore,
        tokensAfter: events[0]?.resultTokensAfter,
        resultTokensBefore: expect.any(Number),
        resultTokensAfter: expect.any(Number),
        moved: [{ toolCallId: 'call_1', toolName: 'logs', path: '/tool_results/s1/call_1.txt' }],
        at: 7,
      },
    ]);
    expect(events[0]?.tokensAfter).toBeLessThan((events[0]?.tokensBefore ?? 0) / 10);
  });

  it('sends the full result when the store fails, and says why', async () => {
    const store = createMemoryStore();
    store.write = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    const events: CompactionEvent[] = [];
    const tools = wrapTools(
      { logs: tool({ inputSchema: noInput, execute: async () => bigLog }) },
      { store, session: 's1', limitTokens: 1_000, onEvent: (event) => events.push(event) },
    );
    const { toolMessage } = await runOnce(tools, 'logs');
    const part = toolMessage?.content[0];
    expect(part?.type === 'tool-result' && part.output).toEqual({ type: 'text', value: bigLog });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'compaction-skip',
        moved: [],
        reason: expect.stringContaining('ENOSPC: no space left on device'),
      }),
    ]);
  });

  it('leaves small results as the AI SDK would send them', async () => {
    const store = createMemoryStore();
    const tools = wrapTools(
      { small: tool({ inputSchema: noInput, execute: async () => ({ ok: true }) }) },
      { store, session: 's1' },
    );
    const { toolMessage } = await runOnce(tools, 'small');
    expect(toolMessage?.content[0]).toMatchObject({
      type: 'tool-result',
      output: { type: 'json', value: { ok: true } },
    });
    expect(await store.list()).toEqual([]);
  });

  it('offloads what a tool’s own toModelOutput produces', async () => {
    const store = createMemoryStore();
    const tools = wrapTools(
      {
        report: tool({
          inputSchema: noInput,
          execute: async () => ({ lines: bigLog }),
          toModelOutput: ({ output }) => ({ type: 'text', value: `REPORT\n${output.lines}` }),
        }),
      },
      { store, session: 's1', limitTokens: 1_000 },
    );
    await runOnce(tools, 'report');
    expect((await store.read('/tool_results/s1/call_1.txt', { limit: 2 })).content).toBe(
      'REPORT\nlog line 1',
    );
  });

  it('passes errors thrown by execute through unchanged', async () => {
    const store = createMemoryStore();
    const tools = wrapTools(
      {
        failing: tool({
          inputSchema: noInput,
          execute: async (): Promise<string> => {
            throw new Error(`disk gone ${'x'.repeat(50)}`);
          },
        }),
      },
      { store, session: 's1', limitTokens: 1 },
    );
    const { toolMessage } = await runOnce(tools, 'failing');
    expect(toolMessage?.content[0]).toMatchObject({
      type: 'tool-result',
      output: { type: 'error-text', value: `disk gone ${'x'.repeat(50)}` },
    });
    expect(await store.list()).toEqual([]);
  });

  it('returns tools without execute as they are', () => {
    const clientSide = tool({ inputSchema: noInput });
    const wrapped = wrapTools({ clientSide }, { store: createMemoryStore(), session: 's1' });
    expect(wrapped.clientSide).toBe(clientSide);
  });

  it('rejects a store of another contract version', () => {
    const store = { ...createMemoryStore(), version: 2 } as unknown as ReturnType<
      typeof createMemoryStore
    >;
    expect(() => wrapTools({}, { store, session: 's1' })).toThrow(/version 2/);
  });
});
