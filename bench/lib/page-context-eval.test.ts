import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type EvalPage, isExactAnswer, runPageContextEval } from './page-context-eval.js';

type Prompt = MockLanguageModelV3['doGenerateCalls'][number]['prompt'];

const text = (prompt: Prompt, role: 'system' | 'user') =>
  prompt
    .filter((m) => m.role === role)
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => ('text' in p ? p.text : '')).join(''),
    )
    .join('\n');

const page: EvalPage = {
  name: 'dashboard',
  facts: [
    { question: 'Which environment is shown?', answer: 'production' },
    { question: 'How many events?', answer: '5,248' },
  ],
  tasks: [
    { instruction: 'Show the last 7 days.', tool: 'set_time_range', input: { timeRange: '7d' } },
  ],
  contexts: {
    semantic: '## filters [filters]\nenvironment: production\n## stat: Events\nvalue: 5,248',
    text: 'combobox Environment = production',
    ascii: '',
    aria: '- combobox "Environment": production\n- text: 5,248 events',
  },
  tools: [
    {
      name: 'set_time_range',
      description: 'Change the time range',
      inputSchema: {
        type: 'object',
        properties: { timeRange: { type: 'string', enum: ['24h', '7d'] } },
      },
    },
  ],
};

/**
 * A scripted reader: answers a question with the declared answer when it appears in the context it
 * was given, else "unknown"; calls set_time_range when the context names the filters node, with a
 * wrong range when the context is the ARIA snapshot (so a wrong input is scored as wrong).
 */
function scriptedReader(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt, tools }) => {
      const system = text(prompt, 'system');
      const user = text(prompt, 'user');
      const fact = page.facts.find((f) => user.startsWith(f.question));
      const usage = {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      };
      if (fact) {
        const answer = system.includes(fact.answer) ? `${fact.answer}.` : 'unknown';
        return {
          content: [{ type: 'text', text: answer }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      }
      const canAct = (tools ?? []).some((t) => t.name === 'set_time_range');
      if (!canAct || system.includes('combobox Environment')) {
        return {
          content: [{ type: 'text', text: 'I cannot.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      }
      const range = system.includes('[filters]') ? '7d' : '24h';
      return {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'set_time_range',
            input: JSON.stringify({ timeRange: range }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

describe('runPageContextEval (scripted model)', () => {
  it('asks every question and task per format and scores exact answers and tool calls', async () => {
    const model = scriptedReader();
    const seen: string[] = [];
    const { outcomes, scores } = await runPageContextEval({
      model,
      pages: [page],
      onOutcome: (o) => seen.push(`${o.format}:${o.kind}`),
    });
    expect(model.doGenerateCalls).toHaveLength(4 * 3);
    expect(seen).toHaveLength(12);
    expect(scores).toEqual([
      {
        format: 'semantic',
        answers: { correct: 2, total: 2 },
        toolCalls: { correct: 1, total: 1 },
      },
      { format: 'text', answers: { correct: 1, total: 2 }, toolCalls: { correct: 0, total: 1 } },
      { format: 'ascii', answers: { correct: 0, total: 2 }, toolCalls: { correct: 0, total: 1 } },
      { format: 'aria', answers: { correct: 2, total: 2 }, toolCalls: { correct: 0, total: 1 } },
    ]);
    expect(outcomes.find((o) => o.format === 'aria' && o.kind === 'tool-call')).toMatchObject({
      expected: 'set_time_range({"timeRange":"7d"})',
      actual: 'set_time_range({"timeRange":"24h"})',
      correct: false,
    });
    expect(outcomes.find((o) => o.format === 'text' && o.kind === 'tool-call')?.actual).toBe('');
    // The page goes into the system prompt; the tools are offered with their schema.
    const first = model.doGenerateCalls[0];
    expect(text(first?.prompt ?? [], 'system')).toContain('environment: production');
    const withTools = model.doGenerateCalls.find((c) => (c.tools ?? []).length > 0);
    expect(withTools?.tools?.[0]).toMatchObject({
      name: 'set_time_range',
      inputSchema: page.tools[0]?.inputSchema,
    });
  });

  it('matches answers exactly, forgiving only quotes, a final period, case and spacing', () => {
    expect(isExactAnswer(' "Production". ', 'production')).toBe(true);
    expect(isExactAnswer('5248', '5,248')).toBe(false);
    expect(isExactAnswer('about 5,248', '5,248')).toBe(false);
  });
});
