import { countTokens } from '@sightline/core';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { summarizeWithModel } from './model-summary.js';

const goal = 'Find why the cart total is NaN for an empty cart.';

/** 30 tool exchanges of about 330 tokens each: about 10,000 tokens of transcript. */
const longHistory = (): ModelMessage[] =>
  Array.from({ length: 30 }, (_, index): ModelMessage[] => [
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: `c${index}`, toolName: 'read_file', input: { index } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `c${index}`,
          toolName: 'read_file',
          output: { type: 'text', value: `line of file ${index} `.repeat(60) },
        },
      ],
    },
  ]).flat();

/** The text of a summarizer call: its system prompt and user prompt. */
function promptText(call: MockLanguageModelV3['doGenerateCalls'][number]): string {
  return call.prompt
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])),
    )
    .join('\n');
}

/**
 * A scripted summarizer that behaves like a faithful model: its summary lists every tool call id
 * it saw, in the transcript part or in the summary so far.
 */
function faithfulSummarizer() {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const text = promptText({ prompt: options.prompt } as never);
      const ids = [...new Set([...text.matchAll(/\b(c\d+)\b/g)].map((match) => match[1]))];
      const summary = [
        '## Artifacts created or changed\n- None recorded.',
        `## Decisions and findings\n${ids.map((id) => `- read ${id}`).join('\n')}`,
        '## Open questions\n- none',
        '## Next steps\n- continue',
      ].join('\n\n');
      return {
        content: [{ type: 'text', text: summary }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

describe('summarizeWithModel', () => {
  it('summarizes a history larger than its input limit in parts, folding each into the summary so far', async () => {
    const summarizer = faithfulSummarizer();
    const messages = longHistory();
    const sections = await summarizeWithModel(messages, {
      summarizer,
      goal,
      maxSummarizerInputTokens: 3_000,
    });
    const calls = summarizer.doGenerateCalls;
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const call of calls) expect(countTokens(promptText(call))).toBeLessThanOrEqual(3_000);
    // Every later call gets the summary so far: the first part is never forgotten.
    for (const call of calls.slice(1)) expect(promptText(call)).toContain('Summary so far');
    // Nothing in the middle was skipped: the final summary names every exchange.
    for (let index = 0; index < 30; index += 1) expect(sections).toContain(`- read c${index}\n`);
  });

  it('cuts a message larger than a whole part and says where the rest is', async () => {
    const summarizer = faithfulSummarizer();
    const huge: ModelMessage = { role: 'user', content: 'word '.repeat(20_000) };
    await summarizeWithModel([huge], { summarizer, goal, maxSummarizerInputTokens: 3_000 });
    const [call] = summarizer.doGenerateCalls;
    expect(countTokens(promptText(call as never))).toBeLessThanOrEqual(3_000);
    expect(promptText(call as never)).toContain('the full message is in the stored transcript');
  });
});
