import type { ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../stores/memory-store.js';
import { summarizeHistory } from './summarize-history.js';
import { SUMMARY_PREFIX } from './summary-sections.js';

const goal = 'Fix the crash in  src/cart.ts when the cart is empty.\nKeep the API.';
const history = (): ModelMessage[] => [
  { role: 'system', content: 'You are a careful engineer.' },
  { role: 'user', content: goal },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Reading the cart.' },
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'read_file',
        input: { path: 'src/cart.ts' },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'read_file',
        output: { type: 'text', value: 'NEEDLE-42 lives here' },
      },
    ],
  },
  { role: 'assistant', content: 'The total divides by items.length in lib/total.ts.' },
  { role: 'user', content: 'continue' },
];

const finished = (text: string) => ({
  content: [{ type: 'text' as const, text }],
  finishReason: { unified: 'stop' as const, raw: undefined },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
  warnings: [],
});

/** The text of a summary message (a user message whose first part is text), or `''`. */
const summaryText = (summary: ModelMessage | undefined): string =>
  summary?.role === 'user' && Array.isArray(summary.content) && summary.content[0]?.type === 'text'
    ? summary.content[0].text
    : '';

const base = {
  session: 's1',
  recentStart: 5,
  goal,
  title: 'Compaction 1',
  maxSummarizerInputTokens: 10_000,
};

describe('summarizeHistory', () => {
  it('keeps system messages, quotes the goal verbatim, keeps the recent part and stores the transcript', async () => {
    const store = createMemoryStore();
    const messages = history();
    const result = await summarizeHistory(messages, { ...base, store });
    expect(result?.method).toBe('extractive');
    expect(result?.replacedMessages).toBe(4);
    expect(result?.messages[0]).toBe(messages[0]);
    expect(result?.messages.slice(2)).toEqual([messages[5]]);
    const text = summaryText(result?.messages[1]);
    expect(text.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(text).toContain(goal);
    expect(text).toContain('/conversation_history/s1.md');
    expect(text).toMatch(
      /## Artifacts created or changed\n\n- mentioned: src\/cart.ts\n- mentioned: lib\/total.ts/,
    );
    expect(text).toContain('`read_file` ×1');
    expect(text).toContain('> The total divides by items.length in lib/total.ts.');
    const stored = await store.read('/conversation_history/s1.md');
    expect(stored.content).toContain('NEEDLE-42 lives here');
    expect(stored.content).toContain(goal);
  });

  it('uses the summarizer model when it returns every section, called without tools', async () => {
    const sections =
      '## Artifacts created or changed\n- none\n## Decisions and findings\n- divide by zero\n## Open questions\n- none\n## Next steps\n- patch';
    const model = new MockLanguageModelV3({ doGenerate: finished(`Sure!\n${sections}`) });
    const result = await summarizeHistory(history(), {
      ...base,
      store: createMemoryStore(),
      summarizer: model,
    });
    expect(result?.method).toBe('model');
    expect(model.doGenerateCalls[0]?.tools).toBeUndefined();
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain('NEEDLE-42');
    const text = summaryText(result?.messages[1]);
    expect(text.endsWith(sections)).toBe(true);
    expect(text).toContain(goal);
  });

  it('falls back to the extractive summary when the model fails or skips a section', async () => {
    const failing = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('rate limited');
      },
    });
    const sloppy = new MockLanguageModelV3({ doGenerate: finished('It went well.') });
    for (const summarizer of [failing, sloppy]) {
      const result = await summarizeHistory(history(), {
        ...base,
        store: createMemoryStore(),
        summarizer,
      });
      expect(result?.method).toBe('extractive');
    }
  });

  it('replaces nothing when only system messages precede the recent part', async () => {
    const store = createMemoryStore();
    expect(await summarizeHistory(history(), { ...base, store, recentStart: 1 })).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('keeps the images and files of the goal through two summaries', async () => {
    const store = createMemoryStore();
    const screenshot = {
      type: 'image' as const,
      image: new Uint8Array([137, 80, 78, 71]),
      mediaType: 'image/png',
    };
    const messages = history();
    messages[1] = { role: 'user', content: [{ type: 'text', text: goal }, screenshot] };
    const first = await summarizeHistory(messages, { ...base, store });
    const again = [...(first?.messages ?? []), ...history().slice(2)];
    const second = await summarizeHistory(again, { ...base, store, recentStart: again.length - 1 });
    for (const result of [first, second]) {
      expect(result?.messages[1]).toEqual({
        role: 'user',
        content: [{ type: 'text', text: expect.stringContaining(goal) }, screenshot],
      });
    }
  });

  it('keeps a summary of summaries structured, carrying forward what the first summary held', async () => {
    const store = createMemoryStore();
    const first = [
      '## Artifacts created or changed\n- changed: src/cart.ts (guard for an empty cart)',
      '## Decisions and findings\n- the total divides by items.length',
      '## Open questions\n- is checkout affected?',
      '## Next steps\n- run the tests',
    ].join('\n\n');
    // The second answer "forgets" the first artifact, as models do.
    const second = [
      '## Artifacts created or changed\n- changed: lib/total.ts',
      '## Decisions and findings\n- the total divides by items.length\n- checkout is not affected',
      '## Open questions\n- none',
      '## Next steps\n- open a pull request',
    ].join('\n\n');
    const summarizer = new MockLanguageModelV3({ doGenerate: [finished(first), finished(second)] });
    const once = await summarizeHistory(history(), { ...base, store, summarizer });
    const again = [...(once?.messages ?? []), ...history().slice(2)];
    const twice = await summarizeHistory(again, {
      ...base,
      store,
      summarizer,
      title: 'Compaction 2',
      recentStart: again.length - 1,
    });
    const text = summaryText(twice?.messages[1]);
    // One intent, quoted verbatim, then every section exactly once, in order.
    expect(text.split('## Session intent')).toHaveLength(2);
    expect(text).toContain(goal);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual([
      'Session intent',
      'Artifacts created or changed',
      'Decisions and findings',
      'Open questions',
      'Next steps',
    ]);
    // The model got the first summary to update, not a transcript of it.
    const secondPrompt = JSON.stringify(summarizer.doGenerateCalls[1]?.prompt);
    expect(secondPrompt).toContain('Summary so far');
    expect(secondPrompt).toContain('the total divides by items.length');
    // What stays true is carried by code, whatever the model remembered.
    expect(text).toMatch(
      /## Artifacts created or changed\n\n- changed: src\/cart.ts \(guard for an empty cart\)\n- changed: lib\/total.ts\n/,
    );
    expect(text).toContain('- open a pull request');
  });

  it('carries changed files through extractive summaries of summaries', async () => {
    const store = createMemoryStore();
    const messages = history();
    messages[2] = {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'w1',
          toolName: 'write_file',
          input: { path: 'src/cart.ts', content: 'x'.repeat(1_200) },
        },
      ],
    };
    messages[3] = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'w1',
          toolName: 'write_file',
          output: { type: 'text', value: 'ok' },
        },
      ],
    };
    const once = await summarizeHistory(messages, { ...base, store });
    expect(summaryText(once?.messages[1])).toContain('- changed: src/cart.ts');
    const later: ModelMessage[] = [
      { role: 'assistant', content: 'Now the tests in test/cart.test.ts.' },
      { role: 'user', content: 'go on' },
    ];
    const again = [...(once?.messages ?? []), ...later];
    const twice = await summarizeHistory(again, { ...base, store, recentStart: again.length - 1 });
    const text = summaryText(twice?.messages[1]);
    expect(text).toContain('- changed: src/cart.ts');
    expect(text).toContain('test/cart.test.ts');
  });
});
