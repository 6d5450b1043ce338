import { checkPromptPairing, promptContains } from '@sightline/compaction/testing';
import {
  generateText,
  type ModelMessage,
  stepCountIs,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStore } from '../stores/memory-store.js';
import { SMALL_PROFILE } from './__fixtures__/engine-setup.js';
import { createStepModel } from './__fixtures__/scripted-steps.js';
import { createCompaction } from './create-compaction.js';
import { toLanguageModelPrompt } from './language-model-prompt.js';

const profile = SMALL_PROFILE;
const SYSTEM: ModelMessage = { role: 'system', content: 'You are a careful engineer.' };
const GOAL = 'Find why the cart total is NaN for an empty cart.\n  Keep the public API.';
const output = (id: string, words = 150) => ({
  type: 'text' as const,
  value: `${id} `.repeat(words),
});

/** A history of `count` exchanges; exchange 1 has two parallel calls answered in two tool messages. */
function history(count: number): ModelMessage[] {
  const messages: ModelMessage[] = [SYSTEM, { role: 'user', content: GOAL }];
  for (let index = 0; index < count; index += 1) {
    const ids = index === 1 ? [`c${index}a`, `c${index}b`] : [`c${index}`];
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Step ${index}: ${'reasoning '.repeat(40)}` },
        ...ids.map((id) => ({
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: 'grep',
          input: { pattern: id },
        })),
      ],
    });
    for (const id of ids.reverse()) {
      messages.push({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: id, toolName: 'grep', output: output(id) }],
      });
    }
  }
  return messages;
}

describe('createCompaction invariants', () => {
  it('never separates a tool call from its result nor splits parallel calls', async () => {
    for (let count = 2; count <= 8; count += 1) {
      const compaction = createCompaction({
        profile,
        trigger: { fraction: 0.3 },
        keepRecent: { fraction: 0.05 },
      });
      const view = await compaction.compact(history(count), { force: true });
      expect(checkPromptPairing(toLanguageModelPrompt(view))).toEqual({
        orphanToolCalls: [],
        orphanToolResults: [],
      });
      const parallel = view.findIndex((message) =>
        JSON.stringify(message).includes('"toolCallId":"c1a"'),
      );
      if (parallel >= 0) {
        expect(JSON.stringify(view[parallel])).toContain('"toolCallId":"c1b"');
        expect(view.slice(parallel + 1, parallel + 3).map((message) => message.role)).toEqual([
          'tool',
          'tool',
        ]);
      }
    }
  });

  it('never cuts inside an unfinished exchange', async () => {
    const unfinished: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'u1', toolName: 'grep', input: {} },
          { type: 'tool-call', toolCallId: 'u2', toolName: 'edit', input: {} },
          { type: 'tool-approval-request', approvalId: 'p', toolCallId: 'u2' },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'u1', toolName: 'grep', output: output('u1', 400) },
        ],
      },
      { role: 'user', content: 'Please wait before editing.' },
    ];
    const messages = [...history(6), ...unfinished];
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.3 },
      keepRecent: { tokens: 0 },
    });
    const view = await compaction.compact(messages, { force: true });
    expect(view.slice(-3)).toEqual(unfinished);
    expect(view.length).toBeLessThan(messages.length);
  });

  it('keeps the original goal verbatim and the system prompt through repeated compactions', async () => {
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    for (const count of [4, 6, 9]) {
      const view = await compaction.compact(history(count), { force: true });
      expect(view[0]).toEqual(SYSTEM);
      expect(promptContains(toLanguageModelPrompt(view), GOAL)).toBe(true);
    }
    expect(compaction.events.filter((event) => event.type === 'history-summarize')).toHaveLength(3);
  });

  it('sends an append-only history between compactions, and the frozen compacted view after one', async () => {
    const compaction = createCompaction({ profile, trigger: { fraction: 0.5 } });
    const full = history(12);
    const sent: ModelMessage[][] = [];
    for (let end = 4; end <= full.length; end += 1) {
      const { messages } = await compaction.prepareStep({
        messages: full.slice(0, end),
        stepNumber: end,
        steps: [],
      });
      sent.push(messages);
    }
    const compactedAt = new Set(compaction.events.map((event) => event.step));
    expect(compactedAt.size).toBeGreaterThan(0);
    for (let index = 1; index < sent.length; index += 1) {
      const [previous, current] = [
        sent[index - 1] as ModelMessage[],
        sent[index] as ModelMessage[],
      ];
      if (compactedAt.has(index + 4)) {
        expect(current.length).toBeLessThan(previous.length + 2);
        continue;
      }
      expect(current.slice(0, previous.length)).toEqual(previous);
      for (const [position, message] of previous.entries()) expect(current[position]).toBe(message);
    }
  });

  it('records each compaction with tokens before and after and where content moved', async () => {
    const store = createMemoryStore();
    const compaction = createCompaction({
      profile,
      store,
      session: 'ev',
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    await compaction.compact(history(6), { force: true });
    expect(compaction.events.map((event) => event.type)).toEqual([
      'tool-result-mask',
      'history-summarize',
    ]);
    for (const event of compaction.events) {
      expect(event.session).toBe('ev');
      expect(event.tokensAfter).toBeLessThan(event.tokensBefore);
      for (const move of event.moved) expect(await store.stat(move.path)).toBeDefined();
    }
    expect(compaction.events[1]?.moved).toEqual([{ path: '/conversation_history/ev.md' }]);
  });

  it('loses nothing: every moved input, result and transcript is readable with read_stored', async () => {
    const body = 'export const total = items.reduce(sum, 0) / items.length;\n'.repeat(40);
    const messages: ModelMessage[] = [
      ...history(3),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'w1',
            toolName: 'write_file',
            input: { path: 'src/cart.ts', content: body },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'w1',
            toolName: 'write_file',
            output: { type: 'text', value: 'written' },
          },
        ],
      },
      ...history(3)
        .slice(2)
        .map(
          (message) =>
            JSON.parse(JSON.stringify(message).replace(/"c(\d)/g, '"d$1')) as ModelMessage,
        ),
    ];
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    await compaction.compact(messages, { force: true });
    const moved = compaction.events.flatMap((event) => event.moved.map((move) => move.path));
    expect(moved).toContain(`/tool_results/${compaction.session}/w1.input.json`);
    expect(moved).toContain(`/tool_results/${compaction.session}/c0.txt`);
    for (const path of moved) {
      const read = await compaction.tools.read_stored.execute?.(
        { path },
        { toolCallId: 'r', messages: [] },
      );
      expect(read).not.toHaveProperty('error');
      expect(read).toHaveProperty('text', expect.stringMatching(/^\s*1│ /m));
    }
    const input = await compaction.store.read(`/tool_results/${compaction.session}/w1.input.json`);
    expect(JSON.parse(input.content)).toEqual({ path: 'src/cart.ts', content: body });
  });

  it('lets two instances share a store without collisions', async () => {
    const store = createMemoryStore();
    const first = createCompaction({
      profile,
      store,
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    const second = createCompaction({
      profile,
      store,
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    expect(first.session).not.toBe(second.session);
    const other = history(6).map(
      (message) => JSON.parse(JSON.stringify(message).replaceAll('c0 ', 'OTHER ')) as ModelMessage,
    );
    await first.compact(history(6), { force: true });
    await second.compact(other, { force: true });
    const firstPaths = first.events.flatMap((event) => event.moved.map((move) => move.path));
    const secondPaths = second.events.flatMap((event) => event.moved.map((move) => move.path));
    expect(firstPaths.filter((path) => secondPaths.includes(path))).toEqual([]);
    expect((await store.read(`/tool_results/${first.session}/c0.txt`)).content).toContain('c0 c0');
    expect((await store.read(`/tool_results/${second.session}/c0.txt`)).content).toContain(
      'OTHER OTHER',
    );
    expect((await store.read(`/conversation_history/${first.session}.md`)).content).not.toContain(
      'OTHER',
    );
  });

  it('compacts at the next step when the agent calls compact_now', async () => {
    const compaction = createCompaction({ profile, keepRecent: { messages: 2 } });
    const model = createStepModel([
      () => ({
        text: 'I read the cart code. '.repeat(100),
        toolCalls: [{ toolName: 'grep', input: { pattern: 'total' } }],
      }),
      () => ({ toolCalls: [{ toolName: 'compact_now', input: { reason: 'exploration done' } }] }),
      () => ({ text: 'done' }),
    ]);
    const grep = tool({
      inputSchema: z.object({ pattern: z.string() }),
      execute: async () => 'match '.repeat(300),
    });
    const result = await generateText({
      model,
      system: 'You are a careful engineer.',
      prompt: GOAL,
      tools: compaction.wrapTools({ grep, ...compaction.tools }),
      prepareStep: compaction.prepareStep,
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('done');
    expect(compaction.events.map((event) => [event.type, event.step])).toEqual([
      ['tool-result-mask', 2],
      ['history-summarize', 2],
    ]);
    const lastPrompt = model.doGenerateCalls[2]?.prompt ?? [];
    expect(promptContains(lastPrompt, GOAL)).toBe(true);
    expect(promptContains(lastPrompt, 'match match')).toBe(false);
  });

  it('runs the same engine as a language-model middleware', async () => {
    const compaction = createCompaction({
      profile,
      trigger: { fraction: 0.3 },
      keepRecent: { fraction: 0.05 },
    });
    const inner = createStepModel([
      ...Array.from({ length: 6 }, (_, index) => () => ({
        toolCalls: [{ toolName: 'grep', input: { pattern: `p${index}` } }],
      })),
      () => ({ text: 'done' }),
    ]);
    const grep = tool({
      inputSchema: z.object({ pattern: z.string() }),
      execute: async ({ pattern }) => `${pattern} `.repeat(200),
    });
    const result = await generateText({
      model: wrapLanguageModel({ model: inner, middleware: compaction.middleware }),
      prompt: GOAL,
      tools: { grep },
      stopWhen: stepCountIs(10),
    });
    expect(result.text).toBe('done');
    expect(compaction.events.some((event) => event.type === 'tool-result-mask')).toBe(true);
    for (const call of inner.doGenerateCalls) {
      expect(checkPromptPairing(call.prompt)).toEqual({
        orphanToolCalls: [],
        orphanToolResults: [],
      });
      expect(promptContains(call.prompt, GOAL)).toBe(true);
    }
  });

  it('records one offload per large result, with whole-context tokens, even when the limit is below a preview', async () => {
    const compaction = createCompaction({
      profile,
      offloadLimit: { tokens: 50 },
      system: 'Be brief.',
    });
    // Assignable to ToolSet as it is: no spread needed to combine it with other tools.
    const recovery: ToolSet = compaction.tools;
    const logs = tool({
      inputSchema: z.object({}),
      execute: async () => Array.from({ length: 60 }, (_, line) => `log line ${line}`).join('\n'),
    });
    const model = createStepModel([
      () => ({ toolCalls: [{ toolName: 'logs', input: {} }] }),
      () => ({ toolCalls: [{ toolName: 'logs', input: {} }] }),
      () => ({ text: 'done' }),
    ]);
    await generateText({
      model,
      prompt: GOAL,
      tools: compaction.wrapTools({ logs, ...recovery }),
      prepareStep: compaction.prepareStep,
      stopWhen: stepCountIs(5),
    });
    const offloads = compaction.events.filter((event) => event.type === 'tool-result-offload');
    expect(offloads.map((event) => event.moved)).toEqual([
      [
        {
          toolCallId: 'step1-call1',
          toolName: 'logs',
          path: `/tool_results/${compaction.session}/step1-call1.txt`,
        },
      ],
      [
        {
          toolCallId: 'step2-call1',
          toolName: 'logs',
          path: `/tool_results/${compaction.session}/step2-call1.txt`,
        },
      ],
    ]);
    for (const event of offloads) {
      const { tokensBefore, tokensAfter, resultTokensBefore = 0, resultTokensAfter = 0 } = event;
      // Whole context (system prompt, tool schemas, messages so far) plus the result, before and after.
      expect(tokensBefore - tokensAfter).toBe(resultTokensBefore - resultTokensAfter);
      expect(tokensAfter).toBeGreaterThan(resultTokensAfter + 100);
      expect(resultTokensAfter).toBeLessThan(resultTokensBefore);
    }
    expect(compaction.events.every((event) => event.moved.length > 0)).toBe(true);
  });
});
